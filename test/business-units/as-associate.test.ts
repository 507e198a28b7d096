import { api, clientToken } from '../support/auth.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { associate, Fixtures, type ErrorBody, type Page, type UnitBody } from './support.js';

let server: TestServer;
let f: Fixtures;
let manager: string;
let viewer: string;

beforeAll(async () => {
  server = await startTestServer();
  f = new Fixtures(server, await clientToken(server, 'manage_project:test'));
  manager = await clientToken(server, 'manage_business_units:test');
  viewer = await clientToken(server, 'view_business_units:test');
});
afterAll(async () => {
  await server.close();
});

const ALL = ['AddChildUnits', 'UpdateAssociates', 'UpdateBusinessUnitDetails', 'UpdateParentUnit'];
const path = (associateId: string, rest = '') => `/test/as-associate/${associateId}/business-units${rest}`;

function asUpdate(associateId: string, unit: { key: string; version: number }, actions: unknown[], token = manager): Promise<Response> {
  return api(server, token, path(associateId, `/key=${unit.key}`), { body: { version: unit.version, actions } });
}

async function expectError(res: Response, status: number, code: string): Promise<ErrorBody['errors'][number]> {
  const body = (await res.json()) as ErrorBody;
  expect([res.status, body.errors[0]!.code]).toEqual([status, code]);
  return body.errors[0]!;
}

describe('scopes', () => {
  it('view_business_units reads, manage_business_units and manage_project write, others are refused', async () => {
    const customer = await f.customer();
    const role = await f.role(ALL);
    const unit = await f.unit({ associates: [associate(customer, [role])] });
    expect((await api(server, viewer, path(customer, `/${unit.id}`))).status).toBe(200);
    expect((await api(server, manager, path(customer, `/${unit.id}`))).status).toBe(200);
    await expectError(await asUpdate(customer, unit, [{ action: 'changeName', name: 'x' }], viewer), 403, 'insufficient_scope');
    const other = await clientToken(server, 'view_stores:test');
    await expectError(await api(server, other, path(customer, `/${unit.id}`)), 403, 'insufficient_scope');
    await expectError(await api(server, other, path(customer), { body: { key: f.next('x'), name: 'x', unitType: 'Company' } }), 403, 'insufficient_scope');
    expect((await asUpdate(customer, unit, [{ action: 'changeName', name: 'by manager' }])).status).toBe(200);
    expect((await asUpdate(customer, { key: unit.key, version: 2 }, [{ action: 'changeName', name: 'by project' }], f.admin)).status).toBe(200);
  });
});

describe('visibility', () => {
  let member: string;
  let stranger: string;
  let unit: UnitBody;
  beforeAll(async () => {
    member = await f.customer();
    stranger = await f.customer();
    unit = await f.unit({ associates: [associate(member, [await f.role([])])] });
  });

  it('GET and HEAD by id and key answer 200 for an associate of the unit', async () => {
    const byId = await api(server, viewer, path(member, `/${unit.id}`));
    expect(byId.status).toBe(200);
    expect(((await byId.json()) as UnitBody).key).toBe(unit.key);
    expect((await api(server, viewer, path(member, `/key=${unit.key}`))).status).toBe(200);
    expect((await api(server, viewer, path(member, `/${unit.id}`), { method: 'HEAD' })).status).toBe(200);
    expect((await api(server, viewer, path(member, `/key=${unit.key}`), { method: 'HEAD' })).status).toBe(200);
    expect((await api(server, viewer, path(member, `?where=${encodeURIComponent(`key = "${unit.key}"`)}`), { method: 'HEAD' })).status).toBe(200);
  });

  it('a unit the customer is not an associate of is 404 on every endpoint, as is an unknown associate id', async () => {
    for (const who of [stranger, 'no-such-customer']) {
      await expectError(await api(server, viewer, path(who, `/${unit.id}`)), 404, 'ResourceNotFound');
      await expectError(await api(server, viewer, path(who, `/key=${unit.key}?expand=associates[*].customer`)), 404, 'ResourceNotFound');
      expect((await api(server, viewer, path(who, `/${unit.id}`), { method: 'HEAD' })).status).toBe(404);
      expect((await api(server, viewer, path(who, `/key=${unit.key}`), { method: 'HEAD' })).status).toBe(404);
      expect((await api(server, viewer, path(who, `?where=${encodeURIComponent(`key = "${unit.key}"`)}`), { method: 'HEAD' })).status).toBe(404);
      await expectError(await asUpdate(who, unit, [{ action: 'changeName', name: 'x' }]), 404, 'ResourceNotFound');
    }
  });

  it('pages and totals only the units the associate belongs to', async () => {
    const customer = await f.customer();
    const role = await f.role([]);
    const tag = f.next('page');
    const mine: string[] = [];
    for (let i = 0; i < 12; i++) {
      const u = await f.unit({ name: tag, associates: i % 3 === 0 ? [] : [associate(customer, [role])] });
      if (i % 3 !== 0) mine.push(u.id);
    }
    const where = encodeURIComponent(`name = "${tag}"`);
    const page = await f.ok<Page>(api(server, viewer, path(customer, `?where=${where}&sort=createdAt%20asc&sort=id%20asc&limit=3&offset=3`)));
    expect(page).toMatchObject({ count: 3, total: 8, offset: 3 });
    const all = await f.ok<Page>(api(server, viewer, path(customer, `?where=${where}&limit=500`)));
    expect(all.results.map((u) => u.id).sort()).toEqual([...mine].sort());
    expect(all.total).toBe(8);
    const last = await f.ok<Page>(api(server, viewer, path(customer, `?where=${where}&limit=5&offset=5&withTotal=false`)));
    expect(last.count).toBe(3);
    expect(last.total).toBeUndefined();
  });
});

describe('permissions', () => {
  it('each action group needs its permission: 403 AssociateMissingPermission naming associate, unit and permission', async () => {
    const customer = await f.customer();
    const other = await f.customer();
    const none = await f.role([]);
    const parentA = await f.unit({ associates: [associate(customer, [none])] });
    const parentB = await f.unit({ associates: [associate(customer, [none])] });
    const division = await f.division(parentA.key, { associates: [associate(customer, [none])] });
    const cases: [unknown, string][] = [
      [{ action: 'changeName', name: 'x' }, 'UpdateBusinessUnitDetails'],
      [{ action: 'addAddress', address: { country: 'DE' } }, 'UpdateBusinessUnitDetails'],
      [{ action: 'addAssociate', associate: associate(other, [none]) }, 'UpdateAssociates'],
      [{ action: 'removeAssociate', customer: { id: customer } }, 'UpdateAssociates'],
      [{ action: 'changeParentUnit', parentUnit: { key: parentB.key } }, 'UpdateParentUnit'],
    ];
    for (const [action, permission] of cases) {
      const error = await expectError(await asUpdate(customer, division, [action]), 403, 'AssociateMissingPermission');
      expect(error).toMatchObject({
        associate: { typeId: 'customer', id: customer },
        businessUnit: { typeId: 'business-unit', key: division.key },
        permissions: [permission],
      });
    }
    expect((await f.get(division.key)).version).toBe(1);
  });

  it('creating a Division needs AddChildUnits in the parent; changeParentUnit needs it in the new parent too', async () => {
    const customer = await f.customer();
    const mover = await f.role(['UpdateParentUnit']);
    const adder = await f.role(['AddChildUnits']);
    const parentA = await f.unit({ associates: [associate(customer, [mover])] });
    const parentB = await f.unit({ associates: [associate(customer, [mover])] });
    const draft = { key: f.next('div'), name: 'Div', unitType: 'Division', parentUnit: { key: parentA.key } };
    const denied = await expectError(await api(server, manager, path(customer), { body: draft }), 403, 'AssociateMissingPermission');
    expect(denied).toMatchObject({ businessUnit: { key: parentA.key }, permissions: ['AddChildUnits'] });

    const division = await f.division(parentA.key, { associates: [associate(customer, [mover])] });
    const move = [{ action: 'changeParentUnit', parentUnit: { key: parentB.key } }];
    const refused = await expectError(await asUpdate(customer, division, move), 403, 'AssociateMissingPermission');
    expect(refused).toMatchObject({ businessUnit: { key: parentB.key }, permissions: ['AddChildUnits'] });

    await f.ok(f.update(parentA.key, 1, [{ action: 'changeAssociate', associate: associate(customer, [mover, adder]) }]));
    await f.ok(f.update(parentB.key, 1, [{ action: 'changeAssociate', associate: associate(customer, [mover, adder]) }]));
    expect((await api(server, manager, path(customer), { body: draft })).status).toBe(201);
    const moved = await f.ok<UnitBody>(asUpdate(customer, division, move));
    expect(moved.parentUnit?.key).toBe(parentB.key);
  });

  it('a parent the associate does not belong to is ReferencedResourceNotFound when creating a Division', async () => {
    const customer = await f.customer();
    const parent = await f.unit({});
    const draft = { key: f.next('div'), name: 'Div', unitType: 'Division', parentUnit: { key: parent.key } };
    await expectError(await api(server, manager, path(customer), { body: draft }), 400, 'ReferencedResourceNotFound');
  });

  it('creating a Company as an associate: allowed for an existing customer, no automatic membership; unknown associate 404', async () => {
    const customer = await f.customer();
    const res = await api(server, manager, path(customer), { body: { key: f.next('co'), name: 'Own', unitType: 'Company' } });
    expect(res.status).toBe(201);
    const company = (await res.json()) as UnitBody;
    expect(company.associates).toEqual([]);
    expect(company.createdBy).toMatchObject({ associate: { typeId: 'customer', id: customer } });
    await expectError(
      await api(server, manager, path('no-such-customer'), { body: { key: f.next('co'), name: 'x', unitType: 'Company' } }),
      404,
      'ResourceNotFound',
    );
  });

  it('a role change takes effect at once (no stale permissions)', async () => {
    const customer = await f.customer();
    const role = await f.role(['UpdateBusinessUnitDetails']);
    const unit = await f.unit({ associates: [associate(customer, [role])] });
    const ok = await f.ok<UnitBody>(asUpdate(customer, unit, [{ action: 'changeName', name: 'allowed' }]));
    expect(ok.lastModifiedBy).toMatchObject({ associate: { typeId: 'customer', id: customer } });
    await f.ok(
      api(server, f.admin, `/test/associate-roles/key=${role}`, {
        body: { version: 1, actions: [{ action: 'removePermission', permission: 'UpdateBusinessUnitDetails' }] },
      }),
    );
    await expectError(await asUpdate(customer, ok, [{ action: 'changeName', name: 'refused' }]), 403, 'AssociateMissingPermission');
    const deleted = await api(server, f.admin, `/test/associate-roles/key=${role}?version=2`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    await expectError(await asUpdate(customer, ok, [{ action: 'changeName', name: 'refused' }]), 403, 'AssociateMissingPermission');
  });

  it('only buyerAssignable roles can be assigned by an associate; the general endpoints may assign any', async () => {
    const customer = await f.customer();
    const other = await f.customer();
    const manage = await f.role(['UpdateAssociates']);
    const fixed = await f.role([], { buyerAssignable: false });
    const open = await f.role([]);
    const unit = await f.unit({ associates: [associate(customer, [manage])] });
    for (const action of [
      { action: 'addAssociate', associate: associate(other, [fixed]) },
      { action: 'setAssociates', associates: [associate(customer, [manage]), associate(other, [fixed])] },
      { action: 'changeAssociate', associate: associate(customer, [manage, fixed]) },
    ]) {
      await expectError(await asUpdate(customer, unit, [action]), 400, 'InvalidOperation');
    }
    const added = await f.ok<UnitBody>(asUpdate(customer, unit, [{ action: 'addAssociate', associate: associate(other, [open]) }]));
    expect(added.associates).toHaveLength(2);
    expect((await f.update(unit.key, added.version, [{ action: 'changeAssociate', associate: associate(other, [fixed]) }])).status).toBe(200);
  });

  it('an update is all or nothing, membership included: a failing last action leaves no new associate behind', async () => {
    const customer = await f.customer();
    const newcomer = await f.customer();
    const role = await f.role(ALL);
    const unit = await f.unit({ associates: [associate(customer, [role])] });
    const res = await asUpdate(customer, unit, [
      { action: 'addAssociate', associate: associate(newcomer, [role]) },
      { action: 'changeName', name: 'changed' },
      { action: 'removeAddress', addressId: 'no-such-address' },
    ]);
    await expectError(res, 400, 'InvalidOperation');
    expect(await f.get(unit.key)).toMatchObject({ version: 1, name: 'Unit' });
    expect((await api(server, viewer, path(newcomer, `/${unit.id}`))).status).toBe(404);
    expect((await f.ok<Page>(api(server, viewer, path(newcomer)))).total).toBe(0);
  });

  it('an Inactive unit is read-only for associates', async () => {
    const customer = await f.customer();
    const role = await f.role(ALL);
    const unit = await f.unit({ status: 'Inactive', associates: [associate(customer, [role])] });
    expect((await api(server, viewer, path(customer, `/${unit.id}`))).status).toBe(200);
    await expectError(await asUpdate(customer, unit, [{ action: 'changeStatus', status: 'Active' }]), 400, 'InvalidOperation');
    expect((await f.update(unit.key, 1, [{ action: 'changeStatus', status: 'Active' }])).status).toBe(200);
  });
});

describe('inheritance across three levels', () => {
  let customer: string;
  let role: string;
  let company: UnitBody;
  let middle: UnitBody;
  let leaf: UnitBody;

  beforeEach(async () => {
    customer = await f.customer();
    role = await f.role(['UpdateBusinessUnitDetails']);
    company = await f.unit({ associates: [associate(customer, [role], 'Enabled')] });
    middle = await f.division(company.key);
    leaf = await f.division(middle.key);
  });

  it('an Enabled assignment at the top reaches the grandchild, with its source', async () => {
    const got = await f.ok<UnitBody>(api(server, viewer, path(customer, `/key=${leaf.key}`)));
    expect(got.inheritedAssociates).toEqual([
      {
        customer: { typeId: 'customer', id: customer },
        associateRoleAssignments: [{ associateRole: { typeId: 'associate-role', key: role }, source: { typeId: 'business-unit', key: company.key } }],
      },
    ]);
    const updated = await f.ok<UnitBody>(asUpdate(customer, got, [{ action: 'changeName', name: 'by inherited role' }]));
    expect(updated.name).toBe('by inherited role');
  });

  it('the collection holds the units reached by inheritance, counted in total', async () => {
    const page = await f.ok<Page>(api(server, viewer, path(customer, '?sort=createdAt%20asc')));
    expect(page.results.map((u) => u.key)).toEqual([company.key, middle.key, leaf.key]);
    expect(page.total).toBe(3);
  });

  it('the general associate endpoint reports explicit and inherited roles and the effective permissions', async () => {
    const own = await f.role(['AddChildUnits']);
    await f.ok(f.update(leaf.key, 1, [{ action: 'addAssociate', associate: associate(customer, [own]) }]));
    const res = await f.ok<{ customer: unknown; associateRoles: { key: string }[]; inheritedAssociateRoles: { key: string }[]; permissions: string[] }>(
      api(server, viewer, `/test/business-units/key=${leaf.key}/associates/${customer}`),
    );
    expect(res.customer).toEqual({ typeId: 'customer', id: customer });
    expect(res.associateRoles.map((r) => r.key)).toEqual([own]);
    expect(res.inheritedAssociateRoles.map((r) => r.key)).toEqual([role]);
    expect(res.permissions.sort()).toEqual(['AddChildUnits', 'UpdateBusinessUnitDetails']);
    const stranger = await f.customer();
    await expectError(await api(server, viewer, `/test/business-units/${leaf.id}/associates/${stranger}`), 404, 'ResourceNotFound');
  });

  it('switching the assignment to Disabled removes it below at once', async () => {
    await f.ok(f.update(company.key, 1, [{ action: 'changeAssociate', associate: associate(customer, [role], 'Disabled') }]));
    expect((await api(server, viewer, path(customer, `/key=${leaf.key}`))).status).toBe(404);
    expect((await api(server, viewer, path(customer, `/key=${middle.key}`))).status).toBe(404);
    expect((await f.get(leaf.key)).inheritedAssociates).toEqual([]);
  });

  it('a middle unit with associateMode Explicit blocks inheritance for itself and below', async () => {
    await f.ok(f.update(middle.key, 1, [{ action: 'changeAssociateMode', associateMode: 'Explicit' }]));
    expect((await api(server, viewer, path(customer, `/key=${middle.key}`))).status).toBe(404);
    expect((await api(server, viewer, path(customer, `/key=${leaf.key}`))).status).toBe(404);
    const restored = await f.get(middle.key);
    await f.ok(f.update(middle.key, restored.version, [{ action: 'changeAssociateMode', associateMode: 'ExplicitAndFromParent' }]));
    expect((await api(server, viewer, path(customer, `/key=${leaf.key}`))).status).toBe(200);
  });

  it('makeInheritedAssociatesExplicit keeps the associate as an explicit one', async () => {
    const changed = await f.ok<UnitBody>(
      f.update(middle.key, 1, [{ action: 'changeAssociateMode', associateMode: 'Explicit', makeInheritedAssociatesExplicit: true }]),
    );
    expect(changed.associates).toEqual([
      {
        customer: { typeId: 'customer', id: customer },
        associateRoleAssignments: [{ associateRole: { typeId: 'associate-role', key: role }, inheritance: 'Disabled' }],
      },
    ]);
    expect(changed.inheritedAssociates).toEqual([]);
    expect((await api(server, viewer, path(customer, `/key=${middle.key}`))).status).toBe(200);
    expect((await api(server, viewer, path(customer, `/key=${leaf.key}`))).status).toBe(404);
  });

  it('moving the leaf under a unit without the associate takes its inherited access away', async () => {
    const elsewhere = await f.unit({});
    await f.ok(f.update(leaf.key, 1, [{ action: 'changeParentUnit', parentUnit: { key: elsewhere.key } }]));
    expect((await api(server, viewer, path(customer, `/key=${leaf.key}`))).status).toBe(404);
  });
});
