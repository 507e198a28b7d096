import { api, clientToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { Fixtures, type Page, type UnitBody } from './support.js';

/** `/{projectKey}/in-store/key={storeKey}/business-units`: the units of one store, with the store's scopes enough. */
let server: TestServer;
let f: Fixtures;
let clerk: string;

const IN = (store: string, rest = '') => `/test/in-store/key=${store}/business-units${rest}`;

beforeAll(async () => {
  server = await startTestServer();
  f = new Fixtures(server, await clientToken(server, 'manage_project:test'));
  for (const key of ['eu', 'us']) await f.ok(api(server, f.admin, '/test/stores', { body: { key } }), 201);
  clerk = await clientToken(server, 'manage_business_units:test:eu view_business_units:test:eu');
});
afterAll(() => server.close());

describe('in-store business units', () => {
  test('a unit created in the store belongs to it; its divisions inherit it; it is read, queried, updated and deleted there', async () => {
    const company = await f.ok<UnitBody>(api(server, clerk, IN('eu'), { body: { key: f.next('eu-co'), name: 'EU Co', unitType: 'Company' } }), 201);
    expect(company.stores).toEqual([{ typeId: 'store', key: 'eu' }]);
    const division = await f.ok<UnitBody>(
      api(server, clerk, IN('eu'), { body: { key: f.next('eu-div'), name: 'EU Div', unitType: 'Division', parentUnit: { key: company.key } } }),
      201,
    );
    expect(division).toMatchObject({ storeMode: 'FromParent', inheritedStores: [{ typeId: 'store', key: 'eu' }] });
    expect((await f.ok<UnitBody>(api(server, clerk, IN('eu', `/key=${division.key}`)))).id).toBe(division.id);
    expect((await server.request(IN('eu', `/${company.id}`), { method: 'HEAD', headers: { Authorization: `Bearer ${clerk}` } })).status).toBe(200);
    const renamed = await f.ok<UnitBody>(
      api(server, clerk, IN('eu', `/${division.id}`), { body: { version: division.version, actions: [{ action: 'changeName', name: 'Renamed' }] } }),
    );
    expect(renamed.name).toBe('Renamed');
    const deleted = await f.ok<UnitBody>(api(server, clerk, IN('eu', `/key=${division.key}?version=${renamed.version}`), { method: 'DELETE' }));
    expect(deleted.id).toBe(division.id);
    await expectError(await api(server, f.admin, `/test/business-units/${division.id}`), 404, 'ResourceNotFound');
  });

  test("another store's units (own or inherited) and units of no store are 404 there and missing from its queries", async () => {
    const us = await f.unit({ name: 'US', stores: [{ key: 'us' }] });
    const usDivision = await f.division(us.key);
    const none = await f.unit({ name: 'None' });
    const eu = await f.unit({ name: 'EU', stores: [{ key: 'eu' }, { key: 'us' }] });
    for (const other of [us, usDivision, none]) {
      await expectError(await api(server, clerk, IN('eu', `/${other.id}`)), 404, 'ResourceNotFound');
      await expectError(
        await api(server, clerk, IN('eu', `/key=${other.key}`), { body: { version: other.version, actions: [{ action: 'changeName', name: 'x' }] } }),
        404,
        'ResourceNotFound',
      );
      await expectError(await api(server, clerk, IN('eu', `/${other.id}?version=${other.version}`), { method: 'DELETE' }), 404, 'ResourceNotFound');
      expect((await server.request(IN('eu', `/${other.id}`), { method: 'HEAD', headers: { Authorization: `Bearer ${clerk}` } })).status).toBe(404);
      expect((await f.get(other.key)).version).toBe(other.version);
    }
    const page = await f.ok<Page>(api(server, clerk, `${IN('eu')}?withTotal=true&limit=500`));
    expect(page.results.every((u) => (u.stores ?? u.inheritedStores ?? []).some((s) => s.key === 'eu'))).toBe(true);
    expect(page.total).toBe(page.results.length);
    expect(page.results.map((u) => u.key)).toContain(eu.key);
    // The caller's own predicates combine with the store's condition.
    const mine = await f.ok<Page>(api(server, clerk, `${IN('eu')}?where=${encodeURIComponent(`key = "${us.key}"`)}&withTotal=true`));
    expect([mine.count, mine.total]).toEqual([0, 0]);
    const head = await server.request(`${IN('eu')}?where=${encodeURIComponent(`key = "${eu.key}"`)}`, {
      method: 'HEAD',
      headers: { Authorization: `Bearer ${clerk}` },
    });
    expect(head.status).toBe(200);
  });

  test("an associate's roles in a unit of the store; another store's unit is 404 there", async () => {
    const role = await f.role(['ViewMyCarts']);
    const customer = await f.customer();
    const eu = await f.unit({
      stores: [{ key: 'eu' }],
      associates: [{ customer: { id: customer }, associateRoleAssignments: [{ associateRole: { key: role } }] }],
    });
    const us = await f.unit({
      stores: [{ key: 'us' }],
      associates: [{ customer: { id: customer }, associateRoleAssignments: [{ associateRole: { key: role } }] }],
    });
    const viewer = await clientToken(server, 'view_business_units:test:eu');
    const answer = await f.ok<{ permissions: string[] }>(api(server, viewer, IN('eu', `/${eu.id}/associates/${customer}`)));
    expect(answer.permissions).toEqual(['ViewMyCarts']);
    expect((await f.ok<{ permissions: string[] }>(api(server, viewer, IN('eu', `/key=${eu.key}/associates/${customer}`)))).permissions).toEqual([
      'ViewMyCarts',
    ]);
    await expectError(await api(server, viewer, IN('eu', `/${us.id}/associates/${customer}`)), 404, 'ResourceNotFound');
    await expectError(await api(server, viewer, IN('eu', `/key=${eu.key}/associates/${await f.customer()}`)), 404, 'ResourceNotFound');
    await expectError(await api(server, viewer, IN('us', `/key=${us.key}/associates/${customer}`)), 403, 'insufficient_scope');
  });

  test('refuses a unit created there that would not belong to the store', async () => {
    const us = await f.unit({ name: 'US parent', stores: [{ key: 'us' }] });
    await expectError(
      await api(server, clerk, IN('eu'), { body: { key: f.next('x'), name: 'X', unitType: 'Company', stores: [{ key: 'us' }] } }),
      400,
      'InvalidOperation',
    );
    await expectError(
      await api(server, clerk, IN('eu'), { body: { key: f.next('y'), name: 'Y', unitType: 'Division', parentUnit: { key: us.key } } }),
      400,
      'InvalidOperation',
    );
    // An Explicit division naming the store may sit below another store's unit.
    const explicit = await f.ok<UnitBody>(
      api(server, clerk, IN('eu'), { body: { key: f.next('z'), name: 'Z', unitType: 'Division', parentUnit: { key: us.key }, stores: [{ key: 'eu' }] } }),
      201,
    );
    expect(explicit).toMatchObject({ storeMode: 'Explicit', stores: [{ typeId: 'store', key: 'eu' }] });
  });

  test("the store's scopes suffice there and nowhere else", async () => {
    const eu = await f.unit({ name: 'EU scoped', stores: [{ key: 'eu' }] });
    await expectError(await api(server, clerk, `/test/business-units/${eu.id}`), 403, 'insufficient_scope');
    await expectError(await api(server, clerk, IN('us')), 403, 'insufficient_scope');
    const viewer = await clientToken(server, 'view_business_units:test:eu');
    expect((await f.ok<UnitBody>(api(server, viewer, IN('eu', `/${eu.id}`)))).id).toBe(eu.id);
    await expectError(
      await api(server, viewer, IN('eu', `/${eu.id}`), { body: { version: eu.version, actions: [{ action: 'changeName', name: 'x' }] } }),
      403,
      'insufficient_scope',
    );
  });
});
