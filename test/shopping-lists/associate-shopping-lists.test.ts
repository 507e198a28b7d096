import { api, clientToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { associate, Fixtures, type UnitBody } from '../business-units/support.js';

/**
 * Associate Shopping Lists (`/{projectKey}/as-associate/{associateId}/in-business-unit/key={businessUnitKey}/shopping-lists`):
 * the lists of one business unit as a customer acting for it, and a list's `businessUnit` on the general endpoints.
 */
interface ListBody {
  id: string;
  version: number;
  key?: string;
  customer?: { typeId: string; id: string };
  businessUnit?: { typeId: string; key: string };
  store?: { key: string };
  createdBy?: Record<string, unknown>;
  lastModifiedBy?: Record<string, unknown>;
}
interface ListPage {
  total?: number;
  results: ListBody[];
}

const MY = ['ViewMyShoppingLists', 'CreateMyShoppingLists', 'UpdateMyShoppingLists', 'DeleteMyShoppingLists'];
const OTHERS = ['ViewOthersShoppingLists', 'CreateOthersShoppingLists', 'UpdateOthersShoppingLists', 'DeleteOthersShoppingLists'];

let server: TestServer;
let f: Fixtures;
let token: string;
let buyer: string;
let manager: string;
let outsider: string;
let store: string;
let otherStore: string;
let unit: UnitBody;
let other: UnitBody;

const at = (associateId: string, unitKey: string, rest = '') => `/test/as-associate/${associateId}/in-business-unit/key=${unitKey}/shopping-lists${rest}`;
const name = { en: 'List' };

beforeAll(async () => {
  server = await startTestServer();
  f = new Fixtures(server, await clientToken(server, 'manage_project:test'));
  token = await clientToken(server, 'manage_shopping_lists:test view_shopping_lists:test');
  const buyerRole = await f.role(MY);
  const managerRole = await f.role([...MY, ...OTHERS]);
  [buyer, manager, outsider] = [await f.customer(), await f.customer(), await f.customer()];
  [store, otherStore] = [await f.store(), await f.store()];
  unit = await f.unit({ stores: [{ key: store }], associates: [associate(buyer, [buyerRole]), associate(manager, [managerRole])] });
  other = await f.unit({ associates: [associate(buyer, [buyerRole])] });
});
afterAll(() => server.close());

const create = (associateId: string, unitKey: string, draft: Record<string, unknown> = {}) =>
  api(server, token, at(associateId, unitKey), { body: { name, ...draft } });
const listOf = (associateId: string, unitKey: string, draft: Record<string, unknown> = {}) => f.ok<ListBody>(create(associateId, unitKey, draft), 201);

test("a list created here is the associate's own in the path's unit; another customer's needs CreateOthersShoppingLists", async () => {
  const own = await listOf(buyer, unit.key, { key: f.next('list'), businessUnit: { key: other.key } });
  expect(own).toMatchObject({
    customer: { typeId: 'customer', id: buyer },
    businessUnit: { typeId: 'business-unit', key: unit.key },
    createdBy: { associate: { id: buyer } },
  });
  await expectError(await create(buyer, unit.key, { customer: { id: manager } }), 403, 'AssociateMissingPermission', {
    permissions: ['CreateOthersShoppingLists'],
    associateOnBehalf: { typeId: 'customer', id: manager },
  });
  await expectError(await create(manager, unit.key, { customer: { id: outsider } }), 400, 'InvalidOperation');
  await expectError(await create(buyer, unit.key, { store: { key: otherStore } }), 400, 'InvalidOperation');
  expect((await listOf(buyer, unit.key, { store: { key: store } })).store?.key).toBe(store);
  await expectError(await create(outsider, unit.key), 403, 'AssociateMissingPermission');
});

test("reading: the associate's own with ViewMyShoppingLists, another's with ViewOthersShoppingLists; another unit's list is 400, HEAD 404", async () => {
  const own = await listOf(buyer, unit.key, { key: f.next('own') });
  const managers = await listOf(manager, unit.key, { key: f.next('managers') });
  const elsewhere = await listOf(buyer, other.key);
  expect((await f.ok<ListBody>(api(server, token, at(buyer, unit.key, `/key=${own.key}`)))).id).toBe(own.id);
  await expectError(await api(server, token, at(buyer, unit.key, `/${managers.id}`)), 403, 'AssociateMissingPermission', {
    permissions: ['ViewOthersShoppingLists'],
  });
  expect((await f.ok<ListBody>(api(server, token, at(manager, unit.key, `/${own.id}`)))).id).toBe(own.id);
  await expectError(await api(server, token, at(buyer, unit.key, `/${elsewhere.id}`)), 400, 'InvalidOperation');
  const head = (path: string) => server.request(path, { method: 'HEAD', headers: { Authorization: `Bearer ${token}` } });
  expect((await head(at(buyer, unit.key, `/${own.id}`))).status).toBe(200);
  expect((await head(at(buyer, unit.key, `/${elsewhere.id}`))).status).toBe(404);

  const mine = await f.ok<ListPage>(api(server, token, at(buyer, unit.key, '?limit=500')));
  expect(mine.results.every((list) => list.customer?.id === buyer && list.businessUnit?.key === unit.key)).toBe(true);
  expect(mine.total).toBe(mine.results.length);
  const all = await f.ok<ListPage>(api(server, token, at(manager, unit.key, '?limit=500')));
  expect(all.results.map((list) => list.id)).toEqual(expect.arrayContaining([own.id, managers.id]));
  expect(all.results.map((list) => list.id)).not.toContain(elsewhere.id);
  expect(all.total).toBeGreaterThan(mine.total!);
});

test('changing: UpdateMy/Others and DeleteMy/Others; a customer outside the unit or a store it lacks is refused, all or nothing', async () => {
  const own = await listOf(buyer, unit.key);
  const renamed = await f.ok<ListBody>(
    api(server, token, at(buyer, unit.key, `/${own.id}`), { body: { version: own.version, actions: [{ action: 'setKey', key: f.next('renamed') }] } }),
  );
  expect(renamed.lastModifiedBy).toMatchObject({ associate: { typeId: 'customer', id: buyer } });
  await expectError(
    await api(server, token, at(buyer, unit.key, `/${renamed.id}`), {
      body: { version: renamed.version, actions: [{ action: 'setCustomer', customer: { id: manager } }] },
    }),
    403,
    'AssociateMissingPermission',
    { permissions: ['UpdateOthersShoppingLists'] },
  );
  for (const action of [
    { action: 'setCustomer', customer: { id: outsider } },
    { action: 'setStore', store: { key: otherStore } },
  ]) {
    const res = await api(server, token, at(manager, unit.key, `/${renamed.id}`), {
      body: { version: renamed.version, actions: [{ action: 'setKey', key: f.next('half') }, action] },
    });
    await expectError(res, 400, 'InvalidOperation');
  }
  expect(await f.ok<ListBody>(api(server, f.admin, `/test/shopping-lists/${renamed.id}`))).toMatchObject({ version: renamed.version, key: renamed.key });
  const managers = await listOf(manager, unit.key);
  await expectError(
    await api(server, token, at(buyer, unit.key, `/${managers.id}?version=${managers.version}`), { method: 'DELETE' }),
    403,
    'AssociateMissingPermission',
    {
      permissions: ['DeleteOthersShoppingLists'],
    },
  );
  await f.ok(api(server, token, at(buyer, unit.key, `/${renamed.id}?version=${renamed.version}`), { method: 'DELETE' }));
  expect((await api(server, f.admin, `/test/shopping-lists/${renamed.id}`)).status).toBe(404);
});

test('the general endpoints: businessUnit in the draft and setBusinessUnit, with the same rules', async () => {
  const list = await f.ok<ListBody>(
    api(server, f.admin, '/test/shopping-lists', { body: { name, customer: { id: buyer }, businessUnit: { typeId: 'business-unit', id: unit.id } } }),
    201,
  );
  expect(list.businessUnit).toEqual({ typeId: 'business-unit', key: unit.key });
  await expectError(
    await api(server, f.admin, '/test/shopping-lists', { body: { name, customer: { id: outsider }, businessUnit: { key: unit.key } } }),
    400,
    'InvalidOperation',
  );
  const moved = await f.ok<ListBody>(
    api(server, f.admin, `/test/shopping-lists/${list.id}`, {
      body: { version: list.version, actions: [{ action: 'setBusinessUnit', businessUnit: { key: other.key } }] },
    }),
  );
  expect(moved.businessUnit?.key).toBe(other.key);
  const page = await f.ok<ListPage>(
    api(server, f.admin, `/test/shopping-lists?where=${encodeURIComponent(`businessUnit(key="${other.key}") and customer(id="${buyer}")`)}&limit=500`),
  );
  expect(page.results.map((l) => l.id)).toContain(list.id);
  const plain = await f.ok<ListBody>(api(server, f.admin, '/test/shopping-lists', { body: { name } }), 201);
  await expectError(
    await api(server, f.admin, `/test/shopping-lists/${plain.id}`, {
      body: { version: plain.version, actions: [{ action: 'setBusinessUnit', businessUnit: { key: unit.key } }] },
    }),
    400,
    'InvalidOperation',
  );
});
