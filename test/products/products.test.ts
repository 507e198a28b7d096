import { api, clientToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { eur, ok, publishedProduct, type ProductBody } from '../carts/support.js';

let server: TestServer;
let admin: string;
let typeId: string;
const P = '/test/products';

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_products:test manage_customer_groups:test');
  typeId = (await ok<{ id: string }>(api(server, admin, '/test/product-types', { body: { key: 'shirt', name: 'Shirt', description: 'shirts' } }), 201)).id;
});
afterAll(async () => {
  await server.close();
});

async function create(body: Record<string, unknown>): Promise<Response> {
  return api(server, admin, P, {
    body: { productType: { typeId: 'product-type', key: 'shirt' }, name: { en: 'Shirt' }, slug: { en: `shirt-${Math.random()}` }, ...body },
  });
}
async function update(product: { id: string; version: number }, actions: unknown[]): Promise<Response> {
  return api(server, admin, `${P}/${product.id}`, { body: { version: product.version, actions } });
}

describe('products', () => {
  test('create with a master variant and variants, read by id and key, query, delete', async () => {
    const product = await ok<ProductBody>(
      create({
        key: 'p1',
        masterVariant: { sku: 'p1-m', prices: [{ value: eur(1000) }], assets: [{ name: { en: 'pic' }, sources: [{ uri: 'https://x/p.png' }] }] },
        variants: [{ sku: 'p1-v2' }],
      }),
      201,
    );
    expect(product.masterData.staged.masterVariant).toMatchObject({
      id: 1,
      sku: 'p1-m',
      prices: [{ value: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 1000, fractionDigits: 2 } }],
    });
    expect(product.masterData.staged.variants.map((v) => [v.id, v.sku])).toEqual([[2, 'p1-v2']]);
    expect(product.masterData.staged.masterVariant.assets[0].id).toEqual(expect.any(String));
    expect((await ok<ProductBody>(api(server, admin, `${P}/key=p1`))).id).toBe(product.id);
    const page = await ok<{ results: ProductBody[] }>(api(server, admin, `${P}?where=${encodeURIComponent('key="p1"')}`));
    expect(page.results.map((p) => p.id)).toEqual([product.id]);
    await ok(api(server, admin, `${P}/${product.id}?version=1`, { method: 'DELETE' }));
    await expectError(await api(server, admin, `${P}/${product.id}`), 404, 'ResourceNotFound');
  });

  test('an unknown product type is ReferencedResourceNotFound; an asset needs a source', async () => {
    await expectError(
      await api(server, admin, P, { body: { productType: { typeId: 'product-type', id: 'nope' }, name: { en: 'x' }, slug: { en: 'x' } } }),
      400,
      'ReferencedResourceNotFound',
    );
    const res = await create({ masterVariant: { assets: [{ name: { en: 'pic' }, sources: [] }] } });
    expect(res.status).toBe(400);
  });

  test('a product type in use cannot be deleted', async () => {
    await ok(create({}), 201);
    await expectError(await api(server, admin, `/test/product-types/${typeId}?version=1`, { method: 'DELETE' }), 400, 'ReferenceExists');
  });

  test('SKUs are unique in the project, across products and within one', async () => {
    await ok(create({ masterVariant: { sku: 'unique-1' } }), 201);
    await expectError(await create({ masterVariant: { sku: 'unique-1' } }), 400, 'DuplicateField', { field: 'sku' });
    await expectError(await create({ masterVariant: { sku: 'unique-2' }, variants: [{ sku: 'unique-2' }] }), 400, 'DuplicateField', { field: 'sku' });
    const other = await ok<ProductBody>(create({ masterVariant: { sku: 'unique-3' } }), 201);
    await expectError(await update(other, [{ action: 'setSku', variantId: 1, sku: 'unique-1' }]), 400, 'DuplicateField');
    // All or nothing: the product is unchanged.
    expect((await ok<ProductBody>(api(server, admin, `${P}/${other.id}`))).version).toBe(1);
  });

  test('price rules: key unique per variant, tiers ≥ 2 and unique, validFrom at least 1 ms before validUntil', async () => {
    await expectError(
      await create({
        masterVariant: {
          prices: [
            { key: 'k1', value: eur(1) },
            { key: 'k1', value: eur(2), country: 'DE' },
          ],
        },
      }),
      400,
      'DuplicatePriceKey',
    );
    expect((await create({ masterVariant: { prices: [{ value: eur(1), tiers: [{ minimumQuantity: 1, value: eur(1) }] }] } })).status).toBe(400);
    await expectError(
      await create({
        masterVariant: {
          prices: [
            {
              value: eur(10),
              tiers: [
                { minimumQuantity: 3, value: eur(9) },
                { minimumQuantity: 3, value: eur(8) },
              ],
            },
          ],
        },
      }),
      400,
      'InvalidInput',
    );
    const at = '2030-01-01T00:00:00.000Z';
    await expectError(await create({ masterVariant: { prices: [{ value: eur(1), validFrom: at, validUntil: at }] } }), 400, 'InvalidInput');
    await ok(create({ masterVariant: { prices: [{ value: eur(1), validFrom: at, validUntil: '2030-01-01T00:00:00.001Z' }] } }), 201);
    await expectError(await create({ masterVariant: { prices: [{ value: eur(1) }, { value: eur(2) }] } }), 400, 'DuplicatePriceScope');
    await expectError(
      await create({ masterVariant: { prices: [{ value: eur(1), customerGroup: { typeId: 'customer-group', key: 'nope' } }] } }),
      400,
      'ReferencedResourceNotFound',
    );
    const group = await ok<{ id: string }>(api(server, admin, '/test/customer-groups', { body: { key: 'vip', groupName: 'VIP' } }), 201);
    const p = await ok<ProductBody>(
      create({ masterVariant: { prices: [{ value: eur(1) }, { value: eur(1), customerGroup: { typeId: 'customer-group', key: 'vip' } }] } }),
      201,
    );
    expect(p.masterData.staged.masterVariant.prices[1]).toMatchObject({ customerGroup: { typeId: 'customer-group', id: group.id } });
  });

  test('money rules on prices: high precision needs more fraction digits than the currency, centAmount rounded correctly', async () => {
    const high = { type: 'highPrecision', currencyCode: 'EUR', preciseAmount: 12345, fractionDigits: 4 };
    const p = await ok<ProductBody>(create({ masterVariant: { prices: [{ value: high }] } }), 201);
    expect(p.masterData.staged.masterVariant.prices[0].value).toEqual({ ...high, centAmount: 123 });
    await expectError(await create({ masterVariant: { prices: [{ value: { ...high, centAmount: 124 } }] } }), 400, 'InvalidInput');
    await expectError(await create({ masterVariant: { prices: [{ value: { ...high, fractionDigits: 2 } }] } }), 400, 'InvalidField', {
      field: 'masterVariant.prices[0].value.fractionDigits',
    });
    await expectError(
      await create({ masterVariant: { prices: [{ value: { type: 'highPrecision', currencyCode: 'JPY', preciseAmount: 1, fractionDigits: 0 } }] } }),
      400,
      'InvalidField',
    );
    const jpy = await ok<ProductBody>(create({ masterVariant: { prices: [{ value: { currencyCode: 'JPY', centAmount: 500 } }] } }), 201);
    expect(jpy.masterData.staged.masterVariant.prices[0].value.fractionDigits).toBe(0);
  });

  test('property: random high precision prices are stored with the correctly rounded centAmount (both databases)', async () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const drafts = Array.from({ length: 40 }, () => {
      const fractionDigits = 3 + Math.floor(next() * 12);
      return { type: 'highPrecision', currencyCode: 'EUR', preciseAmount: Math.floor(next() * 10 ** (fractionDigits + 1)), fractionDigits };
    });
    const p = await ok<ProductBody>(
      create({
        masterVariant: {
          prices: drafts.map((value, i) => ({ value, country: undefined, key: `k${i}`, validFrom: new Date(Date.UTC(2000, 0, 1) + i).toISOString() })),
        },
      }),
      201,
    );
    const stored = (await ok<ProductBody>(api(server, admin, `${P}/${p.id}`))).masterData.staged.masterVariant.prices;
    for (const [i, draft] of drafts.entries()) {
      const drop = 10n ** BigInt(draft.fractionDigits - 2);
      const q = BigInt(draft.preciseAmount) / drop;
      const r = BigInt(draft.preciseAmount) % drop;
      const expected = r * 2n > drop || (r * 2n === drop && q % 2n === 1n) ? q + 1n : q;
      expect([i, stored[i].value.centAmount, stored[i].value.preciseAmount]).toEqual([i, Number(expected), draft.preciseAmount]);
    }
  });

  test('an amount JSON cannot carry exactly is refused, never stored rounded', async () => {
    await expectError(await create({ masterVariant: { prices: [{ value: eur(2 ** 60) }] } }), 400, 'InvalidJsonInput');
  });

  test('update actions on staged data; publish copies staged to current', async () => {
    let p = await ok<ProductBody>(create({ key: 'acts', masterVariant: { sku: 'acts-1', prices: [{ value: eur(100) }] } }), 201);
    p = await ok<ProductBody>(
      update(p, [
        { action: 'addVariant', sku: 'acts-2', prices: [{ value: eur(200) }] },
        { action: 'addPrice', sku: 'acts-1', price: { value: eur(90), country: 'DE' } },
        { action: 'changeName', name: { en: 'Renamed' } },
        { action: 'setKey', key: 'acts-new' },
      ]),
    );
    expect(p.key).toBe('acts-new');
    expect(p.masterData.hasStagedChanges).toBe(true);
    expect(p.masterData.staged.variants.map((v) => v.sku)).toEqual(['acts-2']);
    expect(p.masterData.current.variants).toEqual([]);
    const priceId = p.masterData.staged.masterVariant.prices[1].id;
    p = await ok<ProductBody>(
      update(p, [
        { action: 'changePrice', priceId, price: { value: eur(95), country: 'DE' } },
        { action: 'setSku', variantId: 2, sku: 'acts-2b' },
      ]),
    );
    expect(p.masterData.staged.masterVariant.prices[1]).toMatchObject({ id: priceId, value: { centAmount: 95 } });
    p = await ok<ProductBody>(update(p, [{ action: 'publish' }]));
    expect(p.masterData).toMatchObject({ published: true, hasStagedChanges: false, current: { name: { en: 'Renamed' } } });
    p = await ok<ProductBody>(
      update(p, [
        { action: 'removePrice', priceId },
        { action: 'setPrices', variantId: 2, prices: [{ value: eur(5) }] },
        { action: 'removeVariant', id: 2, staged: false },
      ]),
    );
    expect(p.masterData.current.variants).toEqual([]);
    expect(p.masterData.staged.masterVariant.prices.map((x) => x.value.centAmount)).toEqual([100]);
    await expectError(await update(p, [{ action: 'removeVariant', id: 1 }]), 400, 'InvalidOperation');
    await expectError(await update({ ...p, version: 1 }, [{ action: 'changeName', name: { en: 'x' } }]), 409, 'ConcurrentModification');
  });

  test('scopes: view_products reads but cannot write; other scopes cannot read', async () => {
    const viewer = await clientToken(server, 'view_products:test');
    const other = await clientToken(server, 'view_customers:test');
    const p = await publishedProduct(server, admin, 'scoped', [{ sku: 'scoped-1', prices: [] }]);
    expect((await api(server, viewer, `${P}/${p.id}`)).status).toBe(200);
    await expectError(await api(server, viewer, `${P}/${p.id}`, { body: { version: p.version, actions: [] } }), 403, 'insufficient_scope');
    await expectError(await api(server, other, `${P}/${p.id}`), 403, 'insufficient_scope');
  });
});
