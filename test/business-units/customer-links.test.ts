import { api, clientToken } from '../support/auth.js';
import { countRows } from '../support/db.js';
import { expectError } from '../support/errors.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { associate, Fixtures, type UnitBody } from './support.js';

/**
 * What ties business units to other resources: a deleted customer leaves every unit it was an
 * associate of (explicitly and by inheritance) in the deletion's transaction, and units are
 * expandable where they are referenced by id (KeyReferences such as parentUnit never are: spec).
 */
let server: TestServer;
let f: Fixtures;

beforeAll(async () => {
  server = await startTestServer();
  f = new Fixtures(server, await clientToken(server, 'manage_project:test'));
});
afterAll(async () => server.close());

const memberRows = (customerId: string) =>
  countRows(server.services.db, 'BusinessUnitAssociate', '"projectKey" = ? AND "customerId" = ?', ['test', customerId]);
const deleteCustomer = (id: string, version: number) => api(server, f.admin, `/test/customers/${id}?version=${version}`, { method: 'DELETE' });

describe('deleting a customer who is an associate', () => {
  it('removes it from every unit’s associates and from what divisions inherit, with its membership rows, in one go', async () => {
    const role = await f.role(['UpdateAssociates']);
    const [leaving, staying] = [await f.customer(), await f.customer()];
    const company = await f.unit({ associates: [associate(leaving, [role], 'Enabled'), associate(staying, [role], 'Enabled')] });
    const division = await f.division(company.key, { associates: [associate(leaving, [role])] });
    const grandchild = await f.division(division.key);
    expect(await memberRows(leaving)).toBe(3);

    expect((await deleteCustomer(leaving, 1)).status).toBe(200);

    const [c, d, g] = [await f.get(company.key), await f.get(division.key), await f.get(grandchild.key)];
    expect(c.associates.map((a) => a.customer.id)).toEqual([staying]);
    expect(c.version).toBe(company.version + 1);
    expect(d.associates).toEqual([]);
    for (const unit of [d, g]) expect(unit.inheritedAssociates?.map((a) => a.customer.id)).toEqual([staying]);
    expect(await memberRows(leaving)).toBe(0);
    expect(await memberRows(staying)).toBe(3);
    // The as-associate endpoints know the customer no more.
    await expectError(await api(server, f.admin, `/test/as-associate/${leaving}/business-units/key=${company.key}`), 404, 'ResourceNotFound');
  });

  it('a refused deletion (stale version) leaves the units as they were', async () => {
    const role = await f.role(['UpdateAssociates']);
    const customer = await f.customer();
    const unit = await f.unit({ associates: [associate(customer, [role])] });
    await expectError(await deleteCustomer(customer, 7), 409, 'ConcurrentModification');
    const after = await f.get(unit.key);
    expect([after.version, after.associates.map((a) => a.customer.id)]).toEqual([unit.version, [customer]]);
    expect(await memberRows(customer)).toBe(1);
  });

  it('a customer who is no associate is deleted without touching any unit', async () => {
    const unit = await f.unit({});
    const customer = await f.customer();
    expect((await deleteCustomer(customer, 1)).status).toBe(200);
    expect((await f.get(unit.key)).version).toBe(unit.version);
  });
});

describe('business units as referenced resources', () => {
  it('a custom field Reference to a business unit is checked and expands (with view_business_units)', async () => {
    const unit = await f.unit({ name: 'Referenced' });
    await f.ok(
      api(server, f.admin, '/test/types', {
        body: {
          key: 'store-unit',
          name: { en: 'Store unit' },
          resourceTypeIds: ['store'],
          fieldDefinitions: [{ name: 'unit', label: { en: 'unit' }, required: false, type: { name: 'Reference', referenceTypeId: 'business-unit' } }],
        },
      }),
      201,
    );
    const missing = await api(server, f.admin, '/test/stores', {
      body: { key: 'st-missing', custom: { type: { key: 'store-unit' }, fields: { unit: { typeId: 'business-unit', id: 'nope' } } } },
    });
    await expectError(missing, 400, 'ReferencedResourceNotFound');
    const store = await f.ok<{ id: string }>(
      api(server, f.admin, '/test/stores', {
        body: { key: 'st-unit', custom: { type: { key: 'store-unit' }, fields: { unit: { typeId: 'business-unit', id: unit.id } } } },
      }),
      201,
    );

    const expanded = await f.ok<{ custom: { fields: { unit: { id: string; obj?: UnitBody } } } }>(
      api(server, f.admin, `/test/stores/${store.id}?expand=custom.fields.unit`),
    );
    expect(expanded.custom.fields.unit.obj).toMatchObject({ id: unit.id, key: unit.key, name: 'Referenced' });
    const viewer = await clientToken(server, 'view_stores:test');
    const hidden = await f.ok<{ custom: { fields: { unit: { obj?: unknown } } } }>(api(server, viewer, `/test/stores/${store.id}?expand=custom.fields.unit`));
    expect(hidden.custom.fields.unit.obj).toBeUndefined();
  });

  it('parentUnit and topLevelUnit are KeyReferences and stay unexpanded, as the spec says', async () => {
    const company = await f.unit({});
    const division = await f.division(company.key);
    const got = await f.ok<UnitBody & { parentUnit: Record<string, unknown> }>(
      api(server, f.admin, `/test/business-units/${division.id}?expand=parentUnit&expand=topLevelUnit`),
    );
    expect(got.parentUnit).toEqual({ typeId: 'business-unit', key: company.key });
    expect(got.topLevelUnit).toEqual({ typeId: 'business-unit', key: company.key });
  });
});
