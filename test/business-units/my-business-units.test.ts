import { api, clientToken, customerToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { Fixtures, type Page, type UnitBody } from './support.js';

/**
 * My Business Units (`/{projectKey}/me/business-units`): a customer's own units through its token,
 * the as-associate rules with the associate taken from the token, and a create that adds the customer
 * with the project's configured role and status.
 */
let server: TestServer;
let f: Fixtures;
let adminRole: string;
let customers = 0;

const ME = '/test/me/business-units';
const SCOPES = 'manage_my_business_units:test manage_my_profile:test';

beforeAll(async () => {
  server = await startTestServer();
  f = new Fixtures(server, await clientToken(server, 'manage_project:test'));
  // A role the administrator chose for creators: not buyerAssignable, which does not matter here.
  adminRole = await f.role(['AddChildUnits', 'UpdateBusinessUnitDetails', 'UpdateAssociates', 'UpdateParentUnit'], { buyerAssignable: false });
});
afterAll(() => server.close());

async function configure(actions: unknown[]): Promise<void> {
  const project = await f.ok<{ version: number }>(api(server, f.admin, '/test'));
  await f.ok(api(server, f.admin, '/test', { body: { version: project.version, actions } }));
}

/** A customer with a token holding `scope`; answers its id and token. */
async function signedIn(scope = SCOPES): Promise<{ id: string; token: string }> {
  const email = `my-bu-${++customers}@example.com`;
  const body = await f.ok<{ customer: { id: string } }>(api(server, f.admin, '/test/customers', { body: { email, password: 'pw-123456' } }), 201);
  return { id: body.customer.id, token: await customerToken(server, email, 'pw-123456', undefined, scope) };
}

describe('creating a business unit through /me', () => {
  test('needs the project to name a role for creators (400 InvalidOperation before that)', async () => {
    const { token } = await signedIn();
    await expectError(await api(server, token, ME, { body: { unitType: 'Company', key: f.next('unconfigured'), name: 'Nope' } }), 400, 'InvalidOperation');
  });

  test('adds the customer with the configured role and starts with the configured status; Inactive units are read-only here', async () => {
    await configure([{ action: 'setMyBusinessUnitAssociateRoleOnCreation', associateRole: { key: adminRole } }]);
    const { id, token } = await signedIn();
    const key = f.next('my-company');
    const company = await f.ok<UnitBody>(api(server, token, ME, { body: { unitType: 'Company', key, name: 'Mine', contactEmail: 'buyer@example.com' } }), 201);
    expect(company).toMatchObject({ key, unitType: 'Company', status: 'Inactive', contactEmail: 'buyer@example.com' });
    expect(company.associates).toEqual([
      {
        customer: { typeId: 'customer', id },
        associateRoleAssignments: [{ associateRole: { typeId: 'associate-role', key: adminRole }, inheritance: 'Disabled' }],
      },
    ]);
    expect(company.createdBy).toMatchObject({ customer: { typeId: 'customer', id } });
    // Inactive (the default status on creation): the customer reads it but cannot change it here.
    expect((await f.ok<UnitBody>(api(server, token, `${ME}/key=${key}`))).id).toBe(company.id);
    await expectError(
      await api(server, token, `${ME}/${company.id}`, { body: { version: company.version, actions: [{ action: 'changeName', name: 'Renamed' }] } }),
      400,
      'InvalidOperation',
    );

    await configure([{ action: 'changeMyBusinessUnitStatusOnCreation', status: 'Active' }]);
    const active = await f.ok<UnitBody>(api(server, token, ME, { body: { unitType: 'Company', key: f.next('my-active'), name: 'Active one' } }), 201);
    expect(active.status).toBe('Active');
    const renamed = await f.ok<UnitBody>(
      api(server, token, `${ME}/key=${active.key}`, { body: { version: active.version, actions: [{ action: 'changeName', name: 'Renamed' }] } }),
    );
    expect(renamed).toMatchObject({ name: 'Renamed', version: active.version + 1 });
  });

  test('a draft cannot name other associates, stores, a status or modes: fields outside MyBusinessUnitDraft are not taken', async () => {
    await configure([
      { action: 'setMyBusinessUnitAssociateRoleOnCreation', associateRole: { key: adminRole } },
      { action: 'changeMyBusinessUnitStatusOnCreation', status: 'Inactive' },
    ]);
    const { id, token } = await signedIn();
    const other = await signedIn();
    const store = await f.store();
    const unit = await f.ok<UnitBody>(
      api(server, token, ME, {
        body: {
          unitType: 'Company',
          key: f.next('smuggle'),
          name: 'Smuggle',
          status: 'Active',
          stores: [{ key: store }],
          associates: [{ customer: { id: other.id }, associateRoleAssignments: [{ associateRole: { key: adminRole } }] }],
        },
      }),
      201,
    );
    expect(unit.status).toBe('Inactive');
    expect(unit.stores).toEqual([]);
    expect(unit.associates.map((a) => a.customer.id)).toEqual([id]);
  });

  test('a Division needs AddChildUnits in a parent the customer belongs to', async () => {
    await configure([
      { action: 'setMyBusinessUnitAssociateRoleOnCreation', associateRole: { key: adminRole } },
      { action: 'changeMyBusinessUnitStatusOnCreation', status: 'Active' },
    ]);
    const { id, token } = await signedIn();
    const company = await f.ok<UnitBody>(api(server, token, ME, { body: { unitType: 'Company', key: f.next('parent'), name: 'Parent' } }), 201);
    const division = await f.ok<UnitBody>(
      api(server, token, ME, { body: { unitType: 'Division', key: f.next('child'), name: 'Child', parentUnit: { key: company.key } } }),
      201,
    );
    expect(division).toMatchObject({ parentUnit: { key: company.key }, topLevelUnit: { key: company.key } });
    expect(division.associates.map((a) => a.customer.id)).toEqual([id]);

    // Someone else's company: not visible, so not a parent either.
    const other = await f.unit({ name: 'Not mine' });
    await expectError(
      await api(server, token, ME, { body: { unitType: 'Division', key: f.next('x'), name: 'X', parentUnit: { key: other.key } } }),
      400,
      'ReferencedResourceNotFound',
    );
    // A member without AddChildUnits there: 403.
    const viewer = await f.role(['UpdateBusinessUnitDetails']);
    const member = await f.unit({ name: 'Member', associates: [{ customer: { id }, associateRoleAssignments: [{ associateRole: { key: viewer } }] }] });
    await expectError(
      await api(server, token, ME, { body: { unitType: 'Division', key: f.next('y'), name: 'Y', parentUnit: { key: member.key } } }),
      403,
      'AssociateMissingPermission',
      {
        permissions: ['AddChildUnits'],
      },
    );
  });
});

describe('reading and updating through /me', () => {
  test("the customer's units only: others are 404, queries and HEAD are filtered", async () => {
    const { id, token } = await signedIn();
    const role = await f.role(['UpdateBusinessUnitDetails'], { buyerAssignable: true });
    const mine = await f.unit({
      name: 'Mine',
      associates: [{ customer: { id }, associateRoleAssignments: [{ associateRole: { key: role }, inheritance: 'Enabled' }] }],
    });
    const below = await f.division(mine.key);
    const theirs = await f.unit({ name: 'Theirs' });
    const page = await f.ok<Page>(api(server, token, `${ME}?withTotal=true`));
    expect(page.results.map((u) => u.key).sort()).toEqual([mine.key, below.key].sort());
    expect(page.total).toBe(2);
    await expectError(await api(server, token, `${ME}/${theirs.id}`), 404, 'ResourceNotFound');
    await expectError(
      await api(server, token, `${ME}/key=${theirs.key}`, { body: { version: theirs.version, actions: [{ action: 'changeName', name: 'taken' }] } }),
      404,
      'ResourceNotFound',
    );
    const head = (path: string) => server.request(path, { method: 'HEAD', headers: { Authorization: `Bearer ${token}` } });
    expect((await head(`${ME}/${below.id}`)).status).toBe(200);
    expect((await head(`${ME}/key=${theirs.key}`)).status).toBe(404);
    expect((await head(`${ME}?where=${encodeURIComponent(`key="${theirs.key}"`)}`)).status).toBe(404);
    // An inherited role three levels down still lets the customer update with its permission.
    const updated = await f.ok<UnitBody>(
      api(server, token, `${ME}/${below.id}`, { body: { version: below.version, actions: [{ action: 'setContactEmail', contactEmail: 'x@example.com' }] } }),
    );
    expect(updated.contactEmail).toBe('x@example.com');
    // A permission the role lacks: 403.
    await expectError(
      await api(server, token, `${ME}/${updated.id}`, {
        body: { version: updated.version, actions: [{ action: 'removeAssociate', customer: { typeId: 'customer', id } }] },
      }),
      403,
      'AssociateMissingPermission',
    );
  });

  test('takes only the My Business Units actions: store, status and associate-adding actions are refused', async () => {
    const { id, token } = await signedIn();
    const role = await f.role(['UpdateBusinessUnitDetails', 'UpdateAssociates'], { buyerAssignable: true });
    const mine = await f.unit({ name: 'Mine', associates: [{ customer: { id }, associateRoleAssignments: [{ associateRole: { key: role } }] }] });
    for (const action of [
      { action: 'changeStatus', status: 'Inactive' },
      { action: 'addStore', store: { key: 'any' } },
      { action: 'addAssociate', associate: { customer: { id }, associateRoleAssignments: [] } },
    ]) {
      await expectError(await api(server, token, `${ME}/${mine.id}`, { body: { version: mine.version, actions: [action] } }), 400, 'InvalidInput');
    }
    expect((await f.ok<UnitBody>(api(server, f.admin, `/test/business-units/${mine.id}`))).version).toBe(mine.version);
  });

  test('needs a customer token with manage_my_business_units', async () => {
    const { token: withoutScope } = await signedIn('manage_my_profile:test');
    await expectError(await api(server, withoutScope, ME), 403, 'insufficient_scope');
    const clientOnly = await clientToken(server, 'manage_my_business_units:test');
    await expectError(await api(server, clientOnly, ME), 400, 'InvalidOperation');
    expect((await server.request(ME)).status).toBe(401);
  });
});

describe('POST /{projectKey}/in-business-unit/key={businessUnitKey}/me/customers', () => {
  const path = (key: string) => `/test/in-business-unit/key=${key}/me/customers`;
  const draft = (version: number, email: string, roles: string[]) => ({
    version,
    customer: { email, password: 'pw-new-123', firstName: 'New' },
    associateRoleAssignments: roles.map((key) => ({ associateRole: { typeId: 'associate-role', key } })),
  });
  /** Whether the e-mail is still free: a customer made with it by the administrator gets 201. */
  const emailFree = async (email: string) => (await api(server, f.admin, '/test/customers', { body: { email, password: 'pw' } })).status === 201;

  test('an associate with UpdateAssociates signs up a new customer as associate, in one write', async () => {
    const { id, token } = await signedIn();
    const manager = await f.role(['UpdateAssociates'], { buyerAssignable: true });
    const buyer = await f.role(['CreateMyCarts'], { buyerAssignable: true });
    const unit = await f.unit({ name: 'Team', associates: [{ customer: { id }, associateRoleAssignments: [{ associateRole: { key: manager } }] }] });
    const email = `${f.next('new-associate')}@example.com`;
    const created = await f.ok<{ customer: { id: string; email: string } }>(
      api(server, token, path(unit.key), { body: draft(unit.version, email, [buyer]) }),
      201,
    );
    expect(created.customer.email).toBe(email);
    const after = await f.get(unit.key);
    expect(after.version).toBe(unit.version + 1);
    expect(after.associates.map((a) => [a.customer.id, a.associateRoleAssignments.map((r) => r.associateRole.key)])).toEqual([
      [id, [manager]],
      [created.customer.id, [buyer]],
    ]);
    expect(after.lastModifiedBy).toMatchObject({ associate: { typeId: 'customer', id } });
    // The new customer signs in with its password and sees the unit through /me.
    const theirs = await customerToken(server, email, 'pw-new-123', undefined, SCOPES);
    expect((await f.ok<Page>(api(server, theirs, ME))).results.map((u) => u.key)).toEqual([unit.key]);
  });

  test('without UpdateAssociates, with a role that is not buyerAssignable, at a stale version or with a taken e-mail: refused, and no customer is left behind', async () => {
    const { id, token } = await signedIn();
    const manager = await f.role(['UpdateAssociates'], { buyerAssignable: true });
    const details = await f.role(['UpdateBusinessUnitDetails'], { buyerAssignable: true });
    const fixed = await f.role(['CreateMyCarts'], { buyerAssignable: false });
    const managed = await f.unit({ name: 'Managed', associates: [{ customer: { id }, associateRoleAssignments: [{ associateRole: { key: manager } }] }] });
    const notManaged = await f.unit({
      name: 'Not managed',
      associates: [{ customer: { id }, associateRoleAssignments: [{ associateRole: { key: details } }] }],
    });
    const foreign = await f.unit({ name: 'Foreign' });
    const taken = `${f.next('taken')}@example.com`;
    await f.ok(api(server, f.admin, '/test/customers', { body: { email: taken, password: 'pw' } }), 201);

    const cases: Array<[string, number, string, (email: string) => unknown]> = [
      [notManaged.key, 403, 'AssociateMissingPermission', (email) => draft(notManaged.version, email, [])],
      [foreign.key, 404, 'ResourceNotFound', (email) => draft(foreign.version, email, [])],
      [managed.key, 400, 'InvalidOperation', (email) => draft(managed.version, email, [fixed])],
      [managed.key, 409, 'ConcurrentModification', (email) => draft(managed.version + 1, email, [])],
    ];
    for (const [key, status, code, body] of cases) {
      const email = `${f.next('refused')}@example.com`;
      await expectError(await api(server, token, path(key), { body: body(email) }), status, code);
      expect(await emailFree(email)).toBe(true);
    }
    await expectError(await api(server, token, path(managed.key), { body: draft(managed.version, taken, []) }), 400, 'DuplicateField');
    expect((await f.get(managed.key)).version).toBe(managed.version);
  });
});
