import { api, clientToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * The rules of a ResourceIdentifier hold for every reference a draft or an update action makes: typeId, when
 * given, must be the referenced type's; an id or a key is needed; with both, the id decides and the key must
 * agree; naming nothing is 400 ReferencedResourceNotFound. Checked here on the lookups that once drifted.
 */
let server: TestServer;
let token: string;
let groupA: { id: string; key: string };
let groupB: { id: string; key: string };
let productType: { id: string; key: string };

async function created<T>(path: string, body: unknown): Promise<T> {
  const res = await api(server, token, `/test/${path}`, { body });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

beforeAll(async () => {
  server = await startTestServer();
  token = await clientToken(server, 'manage_project:test');
  groupA = await created('customer-groups', { key: 'group-a', groupName: 'A' });
  groupB = await created('customer-groups', { key: 'group-b', groupName: 'B' });
  productType = await created('product-types', { key: 'shirt', name: 'Shirt', description: 'Shirts' });
});
afterAll(() => server.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
let seq = 0;
const customer = (customerGroup: unknown) =>
  api(server, token, '/test/customers', { body: { email: `c${++seq}@example.com`, password: 'secret', customerGroup } });
const product = (type: unknown) => api(server, token, '/test/products', { body: { productType: type, name: { en: 'P' }, slug: { en: `p-${++seq}` } } });

describe('a customer group named in a customer draft', () => {
  it("an unknown id with another group's key names nothing (400 ReferencedResourceNotFound), not that group", async () => {
    await expectError(await customer({ typeId: 'customer-group', id: UNKNOWN_ID, key: groupB.key }), 400, 'ReferencedResourceNotFound', {
      typeId: 'customer-group',
      id: UNKNOWN_ID,
    });
  });

  it("one group's id with another group's key names nothing", async () => {
    await expectError(await customer({ id: groupA.id, key: groupB.key }), 400, 'ReferencedResourceNotFound');
  });

  it('an id with its own key, the id alone or the key alone name the group', async () => {
    for (const ref of [{ id: groupA.id, key: groupA.key }, { id: groupA.id }, { key: groupA.key }]) {
      const res = await customer({ typeId: 'customer-group', ...ref });
      expect(res.status).toBe(201);
      expect(((await res.json()) as { customer: { customerGroup: unknown } }).customer.customerGroup).toEqual({ typeId: 'customer-group', id: groupA.id });
    }
  });

  it('another typeId is 400 InvalidField, neither id nor key 400 RequiredField', async () => {
    await expectError(await customer({ typeId: 'channel', key: groupA.key }), 400, 'InvalidField', { field: 'customerGroup.typeId' });
    await expectError(await customer({ typeId: 'customer-group' }), 400, 'RequiredField', { field: 'customerGroup.id' });
  });
});

describe('a product type named in a product draft', () => {
  it("an unknown id with an existing type's key names nothing", async () => {
    await expectError(await product({ typeId: 'product-type', id: UNKNOWN_ID, key: productType.key }), 400, 'ReferencedResourceNotFound', {
      typeId: 'product-type',
    });
  });

  it('the id with its own key names the type', async () => {
    const res = await product({ typeId: 'product-type', id: productType.id, key: productType.key });
    expect(res.status).toBe(201);
  });
});

describe('a parent unit named in a business unit draft', () => {
  it("a unit's id with another unit's key names nothing", async () => {
    const a = await created<{ id: string; key: string }>('business-units', { key: 'co-a', name: 'A', unitType: 'Company' });
    await created('business-units', { key: 'co-b', name: 'B', unitType: 'Company' });
    const res = await api(server, token, '/test/business-units', {
      body: { key: 'div', name: 'D', unitType: 'Division', parentUnit: { typeId: 'business-unit', id: a.id, key: 'co-b' } },
    });
    await expectError(res, 400, 'ReferencedResourceNotFound', { typeId: 'business-unit' });
  });
});
