import { api, clientToken } from '../support/auth.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { associate, Fixtures, type ErrorBody, type Page, type UnitBody } from './support.js';

let server: TestServer;
let f: Fixtures;

beforeAll(async () => {
  server = await startTestServer();
  f = new Fixtures(server, await clientToken(server, 'manage_project:test'));
});
afterAll(async () => {
  await server.close();
});

describe('create', () => {
  it('a Company gets the platform defaults and points to itself as top-level unit', async () => {
    const company = await f.unit({ name: 'Acme' });
    expect(company).toMatchObject({
      version: 1,
      unitType: 'Company',
      status: 'Active',
      storeMode: 'Explicit',
      stores: [],
      associateMode: 'Explicit',
      approvalRuleMode: 'Explicit',
      associates: [],
      inheritedAssociates: [],
      addresses: [],
      shippingAddressIds: [],
      billingAddressIds: [],
      topLevelUnit: { typeId: 'business-unit', key: company.key },
    });
    expect(company.parentUnit).toBeUndefined();
  });

  it('a Division defaults to FromParent stores and ExplicitAndFromParent modes, and inherits the stores', async () => {
    const store = await f.store();
    const company = await f.unit({ stores: [{ key: store }] });
    const division = await f.division(company.key);
    expect(division).toMatchObject({
      storeMode: 'FromParent',
      inheritedStores: [{ typeId: 'store', key: store }],
      associateMode: 'ExplicitAndFromParent',
      approvalRuleMode: 'ExplicitAndFromParent',
      parentUnit: { typeId: 'business-unit', key: company.key },
      topLevelUnit: { typeId: 'business-unit', key: company.key },
    });
    expect(division.stores).toBeUndefined();
  });

  it('keeps associates with role key references and addresses with ids, indexes resolved', async () => {
    const customer = await f.customer();
    const role = await f.role(['UpdateAssociates']);
    const unit = await f.unit({
      associates: [associate(customer, [role], 'Enabled')],
      addresses: [{ country: 'DE', key: 'hq' }, { country: 'US' }],
      shippingAddresses: [1],
      defaultBillingAddress: 0,
      contactEmail: 'info@acme.example',
    });
    expect(unit.associates).toEqual([
      {
        customer: { typeId: 'customer', id: customer },
        associateRoleAssignments: [{ associateRole: { typeId: 'associate-role', key: role }, inheritance: 'Enabled' }],
      },
    ]);
    expect(unit.addresses.map((a) => a.id.length > 0)).toEqual([true, true]);
    expect(unit.shippingAddressIds).toEqual([unit.addresses[1]!.id]);
    expect(unit.defaultBillingAddressId).toBe(unit.addresses[0]!.id);
    expect(unit.billingAddressIds).toEqual([unit.addresses[0]!.id]);
  });

  it('a duplicate key is 400 DuplicateField', async () => {
    const unit = await f.unit({});
    const res = await api(server, f.admin, '/test/business-units', { body: { key: unit.key, name: 'x', unitType: 'Company' } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).errors[0]).toMatchObject({ code: 'DuplicateField', field: 'key', duplicateValue: unit.key });
  });

  it('refuses a Division without parent, an unknown parent, a Company with FromParent, unknown roles and customers', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ unitType: 'Division' }, 'RequiredField'],
      [{ unitType: 'Division', parentUnit: { key: 'nope' } }, 'ReferencedResourceNotFound'],
      [{ storeMode: 'FromParent' }, 'InvalidField'],
      [{ associates: [associate('no-such-customer', ['x'])] }, 'ReferencedResourceNotFound'],
    ];
    const customer = await f.customer();
    cases.push([{ associates: [associate(customer, ['no-such-role'])] }, 'ReferencedResourceNotFound']);
    for (const [draft, code] of cases) {
      const res = await api(server, f.admin, '/test/business-units', { body: { key: f.next('bad'), name: 'x', unitType: 'Company', ...draft } });
      expect([res.status, ((await res.json()) as ErrorBody).errors[0]!.code]).toEqual([400, code]);
    }
  });

  it('an associate needs one to five role assignments', async () => {
    const customer = await f.customer();
    const roles = await Promise.all(Array.from({ length: 6 }, () => f.role([])));
    for (const held of [[], roles]) {
      const res = await api(server, f.admin, '/test/business-units', {
        body: { key: f.next('lim'), name: 'x', unitType: 'Company', associates: [associate(customer, held)] },
      });
      expect(res.status).toBe(400);
    }
    const five = await f.unit({ associates: [associate(customer, roles.slice(0, 5))] });
    expect(five.associates[0]!.associateRoleAssignments).toHaveLength(5);
  });

  it('a customer listed twice among the associates is DuplicateField', async () => {
    const customer = await f.customer();
    const role = await f.role([]);
    const res = await api(server, f.admin, '/test/business-units', {
      body: { key: f.next('dup'), name: 'x', unitType: 'Company', associates: [associate(customer, [role]), associate(customer, [role])] },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).errors[0]!.code).toBe('DuplicateField');
  });

  it('allows five levels and refuses a sixth', async () => {
    let parent = await f.unit({});
    for (let level = 2; level <= 5; level++) parent = await f.division(parent.key);
    const res = await api(server, f.admin, '/test/business-units', {
      body: { key: f.next('deep'), name: 'x', unitType: 'Division', parentUnit: { key: parent.key } },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).errors[0]!.code).toBe('InvalidOperation');
  });
});

describe('read, query, delete', () => {
  it('GET and HEAD by id and key; 404 when absent', async () => {
    const unit = await f.unit({});
    expect((await api(server, f.admin, `/test/business-units/${unit.id}`)).status).toBe(200);
    expect((await api(server, f.admin, `/test/business-units/key=${unit.key}`, { method: 'HEAD' })).status).toBe(200);
    expect((await api(server, f.admin, `/test/business-units/key=missing`, { method: 'HEAD' })).status).toBe(404);
    expect((await api(server, f.admin, `/test/business-units/missing-id`)).status).toBe(404);
  });

  it('queries with where on nested fields', async () => {
    const company = await f.unit({});
    const division = await f.division(company.key);
    const page = await f.ok<Page>(api(server, f.admin, `/test/business-units?where=${encodeURIComponent(`parentUnit(key = "${company.key}")`)}`));
    expect(page.results.map((u) => u.id)).toEqual([division.id]);
    expect(page.total).toBe(1);
  });

  it('refuses deleting a unit with children; deletes a leaf at its version', async () => {
    const company = await f.unit({});
    const division = await f.division(company.key);
    const refused = await api(server, f.admin, `/test/business-units/${company.id}?version=${company.version}`, { method: 'DELETE' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorBody).errors[0]!.code).toBe('ReferenceExists');
    const deleted = await api(server, f.admin, `/test/business-units/key=${division.key}?version=${division.version}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect((await api(server, f.admin, `/test/business-units/${division.id}`)).status).toBe(404);
  });
});

describe('update actions', () => {
  it('applies address, store, name, e-mail and status actions together', async () => {
    const store = await f.store();
    const unit = await f.unit({});
    const res = await f.update(unit.key, 1, [
      { action: 'changeName', name: 'Renamed' },
      { action: 'setContactEmail', contactEmail: 'a@b.example' },
      { action: 'addAddress', address: { country: 'DE', key: 'main', city: 'Berlin' } },
      { action: 'setDefaultShippingAddress', addressKey: 'main' },
      { action: 'addBillingAddressId', addressKey: 'main' },
      { action: 'changeAddress', addressKey: 'main', address: { country: 'DE', key: 'main', city: 'Munich' } },
      { action: 'addStore', store: { key: store } },
      { action: 'changeStatus', status: 'Inactive' },
    ]);
    const body = (await res.json()) as UnitBody;
    expect(res.status).toBe(200);
    const id = body.addresses[0]!.id;
    expect(body).toMatchObject({
      version: 2,
      name: 'Renamed',
      contactEmail: 'a@b.example',
      status: 'Inactive',
      stores: [{ typeId: 'store', key: store }],
      addresses: [{ id, key: 'main', city: 'Munich' }],
      defaultShippingAddressId: id,
      shippingAddressIds: [id],
      billingAddressIds: [id],
    });
    const removed = await f.ok<UnitBody>(
      f.update(unit.key, 2, [{ action: 'removeAddress', addressId: id }, { action: 'removeStore', store: { key: store } }, { action: 'setContactEmail' }]),
    );
    expect(removed).toMatchObject({ addresses: [], shippingAddressIds: [], billingAddressIds: [], stores: [] });
    expect(removed.defaultShippingAddressId).toBeUndefined();
    expect(removed.contactEmail).toBeUndefined();
  });

  it('is atomic: a failing last action leaves no trace', async () => {
    const unit = await f.unit({});
    const res = await f.update(unit.key, 1, [
      { action: 'changeName', name: 'Changed' },
      { action: 'addAddress', address: { country: 'DE' } },
      { action: 'removeAddress', addressKey: 'does-not-exist' },
    ]);
    expect(res.status).toBe(400);
    const after = await f.get(unit.key);
    expect(after).toMatchObject({ version: 1, name: 'Unit', addresses: [] });
  });

  it('a stale version is 409 ConcurrentModification with currentVersion', async () => {
    const unit = await f.unit({});
    await f.ok(f.update(unit.key, 1, [{ action: 'changeName', name: 'v2' }]));
    const res = await f.update(unit.key, 1, [{ action: 'changeName', name: 'v3' }]);
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 2 });
  });

  it('50 parallel updates at one version: exactly one wins, the rest get 409, the version moves by one', async () => {
    const unit = await f.unit({});
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => f.update(unit.key, 1, [{ action: 'changeName', name: `n${i}` }])));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const winner = (await results[statuses.indexOf(200)]!.json()) as UnitBody;
    const after = await f.get(unit.key);
    expect(after.version).toBe(2);
    expect(after.name).toBe(winner.name);
  });

  it('changeParentUnit moves a subtree, re-deriving topLevelUnit below it; refuses cycles', async () => {
    const a = await f.unit({});
    const b = await f.unit({});
    const child = await f.division(a.key);
    const grandchild = await f.division(child.key);
    const moved = await f.ok<UnitBody>(f.update(child.key, child.version, [{ action: 'changeParentUnit', parentUnit: { key: b.key } }]));
    expect(moved).toMatchObject({ parentUnit: { key: b.key }, topLevelUnit: { key: b.key } });
    expect((await f.get(grandchild.key)).topLevelUnit.key).toBe(b.key);
    const cycle = await f.update(child.key, moved.version, [{ action: 'changeParentUnit', parentUnit: { key: grandchild.key } }]);
    expect(cycle.status).toBe(400);
    expect(((await cycle.json()) as ErrorBody).errors[0]!.code).toBe('InvalidOperation');
  });

  it('changeParentUnit refuses a move that would put the subtree below level five, and changes nothing', async () => {
    let deep = await f.unit({});
    for (let level = 2; level <= 4; level++) deep = await f.division(deep.key);
    const top = await f.unit({});
    const child = await f.division(top.key);
    await f.division(child.key);
    // The grandchild's level is checked after the child itself was written: the rollback must undo that write too.
    const customer = await f.customer();
    const res = await f.update(child.key, 1, [
      { action: 'addAssociate', associate: associate(customer, [await f.role([])]) },
      { action: 'changeParentUnit', parentUnit: { id: deep.id } },
    ]);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).errors[0]!.code).toBe('InvalidOperation');
    expect(await f.get(child.key)).toMatchObject({ version: 1, parentUnit: { key: top.key }, associates: [] });
    expect((await api(server, f.admin, `/test/as-associate/${customer}/business-units/${child.id}`)).status).toBe(404);
  });

  it('setStoreMode Explicit on a Division replaces inherited stores; a Company cannot use FromParent', async () => {
    const store = await f.store();
    const company = await f.unit({});
    const division = await f.division(company.key);
    const explicit = await f.ok<UnitBody>(f.update(division.key, 1, [{ action: 'setStoreMode', storeMode: 'Explicit', stores: [{ key: store }] }]));
    expect(explicit.stores).toEqual([{ typeId: 'store', key: store }]);
    expect(explicit.inheritedStores).toBeUndefined();
    const refused = await f.update(company.key, 1, [{ action: 'setStoreMode', storeMode: 'FromParent' }]);
    expect(refused.status).toBe(400);
  });
});
