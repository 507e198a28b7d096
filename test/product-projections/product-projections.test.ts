import { ok } from '../carts/support.js';
import { api, clientToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface Ref {
  typeId: string;
  id: string;
  obj?: { id: string; key?: string };
}
interface Variant {
  id: number;
  sku?: string;
  prices: { id: string; country?: string; value: { centAmount: number }; channel?: Ref }[];
  price?: { id: string; country?: string; value: { centAmount: number } };
}
interface Projection {
  id: string;
  version: number;
  key?: string;
  productType: Ref;
  name: Record<string, string>;
  slug: Record<string, string>;
  categories: Ref[];
  published: boolean;
  hasStagedChanges: boolean;
  masterVariant: Variant;
  variants: Variant[];
  masterData?: unknown;
  taxCategory?: Ref;
}
interface Product {
  id: string;
  version: number;
  key?: string;
}
interface Page {
  results: Projection[];
  total?: number;
  count: number;
}

let server: TestServer;
let admin: string;
let seq = 0;
const PP = '/test/product-projections';

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_products:test');
  await ok(api(server, admin, '/test/product-types', { body: { key: 'tee', name: 'Tee', description: 'tees' } }), 201);
});
afterAll(async () => {
  await server.close();
});

const unique = (prefix: string) => `${prefix}-${++seq}`;
const eur = (centAmount: number, extra: Record<string, unknown> = {}) => ({ value: { currencyCode: 'EUR', centAmount }, ...extra });
const createProduct = (draft: Record<string, unknown> = {}) =>
  ok<Product>(
    api(server, admin, '/test/products', {
      body: { productType: { typeId: 'product-type', key: 'tee' }, name: { en: 'Tee' }, slug: { en: unique('tee') }, ...draft },
    }),
    201,
  );
const update = (product: Product, actions: unknown[]) =>
  ok<Product>(api(server, admin, `/test/products/${product.id}`, { body: { version: product.version, actions } }));
const read = (path: string, token = admin) => ok<Projection>(api(server, token, `${PP}${path}`));
const query = (params: string, token = admin) => ok<Page>(api(server, token, `${PP}?${params}`));

describe('the projection of a product', () => {
  it('a published product: its current data with the product identity, without masterData', async () => {
    const key = unique('key');
    const product = await createProduct({ key, publish: true, masterVariant: { sku: unique('sku'), prices: [eur(1000)] }, variants: [{ sku: unique('sku') }] });
    const projection = await read(`/${product.id}`);
    expect(projection).toMatchObject({
      id: product.id,
      version: 1,
      key,
      productType: { typeId: 'product-type' },
      name: { en: 'Tee' },
      published: true,
      hasStagedChanges: false,
      categories: [],
    });
    expect(projection.masterVariant.id).toBe(1);
    expect(projection.variants.map((v) => v.id)).toEqual([2]);
    expect(projection.masterData).toBeUndefined();
    expect(await read(`/key=${key}`)).toEqual(projection);
    expect((await api(server, admin, `${PP}/${product.id}`, { method: 'HEAD' })).status).toBe(200);
  });

  it('an unpublished product has only a staged projection: current reads are 404 and queries leave it out', async () => {
    const product = await createProduct();
    await expectError(await api(server, admin, `${PP}/${product.id}`), 404, 'ResourceNotFound');
    expect((await read(`/${product.id}?staged=true`)).published).toBe(false);
    const where = `where=${encodeURIComponent(`id="${product.id}"`)}`;
    expect((await query(where)).results).toEqual([]);
    expect((await query(`${where}&staged=true`)).results.map((p) => p.id)).toEqual([product.id]);
  });

  it('staged changes show in the staged projection only, until publish', async () => {
    let product = await createProduct({ publish: true });
    product = await update(product, [{ action: 'changeName', name: { en: 'Renamed' } }]);
    const current = await read(`/${product.id}`);
    const staged = await read(`/${product.id}?staged=true`);
    expect(current).toMatchObject({ version: 2, name: { en: 'Tee' }, hasStagedChanges: true });
    expect(staged).toMatchObject({ version: 2, name: { en: 'Renamed' }, hasStagedChanges: true });
    product = await update(product, [{ action: 'publish' }]);
    expect(await read(`/${product.id}`)).toMatchObject({ version: 3, name: { en: 'Renamed' }, hasStagedChanges: false });
  });

  it("the product's tax category: in both projections, following setTaxCategory, queryable and expandable", async () => {
    const manager = await clientToken(server, 'manage_project:test');
    const taxCategory = await ok<{ id: string }>(
      api(server, manager, '/test/tax-categories', {
        body: { key: unique('tax'), name: 'standard', rates: [{ name: 'vat', amount: 0.19, includedInPrice: true, country: 'DE' }] },
      }),
      201,
    );
    let product = await createProduct({ publish: true });
    expect((await read(`/${product.id}`)).taxCategory).toBeUndefined();
    product = await update(product, [{ action: 'setTaxCategory', taxCategory: { typeId: 'tax-category', id: taxCategory.id } }]);
    expect((await read(`/${product.id}`)).taxCategory).toEqual({ typeId: 'tax-category', id: taxCategory.id });
    expect((await read(`/${product.id}?staged=true`)).taxCategory).toEqual({ typeId: 'tax-category', id: taxCategory.id });
    const page = await query(`where=${encodeURIComponent(`taxCategory(id="${taxCategory.id}")`)}&expand=taxCategory`);
    expect(page.results.map((p) => [p.id, p.taxCategory?.obj?.id])).toEqual([[product.id, taxCategory.id]]);
    const draftProduct = await createProduct({ publish: true, taxCategory: { typeId: 'tax-category', id: taxCategory.id } });
    expect((await read(`/${draftProduct.id}`)).taxCategory?.id).toBe(taxCategory.id);
    await update(product, [{ action: 'setTaxCategory' }]);
    expect((await read(`/${product.id}`)).taxCategory).toBeUndefined();
  });

  it('a deleted product has no projections', async () => {
    const product = await createProduct({ publish: true });
    await ok(api(server, admin, `/test/products/${product.id}?version=1`, { method: 'DELETE' }));
    await expectError(await api(server, admin, `${PP}/${product.id}`), 404, 'ResourceNotFound');
    await expectError(await api(server, admin, `${PP}/${product.id}?staged=true`), 404, 'ResourceNotFound');
  });
});

describe('queries', () => {
  it('where on projection fields (slug, categories), sort by name, paging, expansion of categories and product type', async () => {
    const category = await ok<{ id: string; key: string }>(
      api(server, admin, '/test/categories', { body: { key: unique('cat'), name: { en: 'c' }, slug: { en: unique('cat-slug') } } }),
      201,
    );
    const names = ['Charlie', 'Alpha', 'Bravo'];
    const products = [];
    for (const name of names) products.push(await createProduct({ name: { en: name }, publish: true, categories: [{ typeId: 'category', id: category.id }] }));
    await createProduct({ name: { en: 'Aardvark' }, publish: true });
    const inCategory = encodeURIComponent(`categories(id="${category.id}")`);
    const page = await query(
      `where=${inCategory}&sort=${encodeURIComponent('name.en asc')}&limit=2&expand=${encodeURIComponent('categories[*]')}&expand=productType`,
    );
    expect(page.results.map((p) => p.name.en)).toEqual(['Alpha', 'Bravo']);
    expect(page.total).toBe(3);
    expect(page.results[0].categories[0].obj?.key).toBe(category.key);
    expect(page.results[0].productType.obj?.key).toBe('tee');
    const next = await query(`where=${inCategory}&sort=${encodeURIComponent('name.en asc')}&limit=2&offset=2`);
    expect(next.results.map((p) => p.name.en)).toEqual(['Charlie']);
    const charlie = await read(`/${products[0].id}`);
    const bySlug = await query(`where=${encodeURIComponent(`slug(en="${charlie.slug.en}")`)}`);
    expect(bySlug.results.map((p) => p.id)).toEqual([products[0].id]);
    expect((await api(server, admin, `${PP}?where=${inCategory}`, { method: 'HEAD' })).status).toBe(200);
    expect((await api(server, admin, `${PP}?where=${encodeURIComponent('slug(en="nothing-has-this")')}`, { method: 'HEAD' })).status).toBe(404);
  });

  it('a deleted category leaves the projections too', async () => {
    const category = await ok<{ id: string }>(api(server, admin, '/test/categories', { body: { name: { en: 'c' }, slug: { en: unique('gone') } } }), 201);
    const product = await createProduct({ publish: true, categories: [{ typeId: 'category', id: category.id }] });
    await ok(api(server, admin, `/test/categories/${category.id}?version=1`, { method: 'DELETE' }));
    for (const path of [`/${product.id}`, `/${product.id}?staged=true`]) expect(await read(path)).toMatchObject({ version: 2, categories: [] });
  });

  it('a bad predicate is 400 InvalidInput', async () => {
    await expectError(await api(server, admin, `${PP}?where=${encodeURIComponent('masterData(current(name(en="x")))')}`), 400, 'InvalidInput');
  });
});

describe('scopes', () => {
  it('view_published_products reads the current data only: staged=true is ignored', async () => {
    let product = await createProduct({ publish: true });
    product = await update(product, [{ action: 'changeName', name: { en: 'Draft name' } }]);
    const unpublished = await createProduct();
    const published = await clientToken(server, 'view_published_products:test');
    expect((await read(`/${product.id}?staged=true`, published)).name).toEqual({ en: 'Tee' });
    await expectError(await api(server, published, `${PP}/${unpublished.id}?staged=true`), 404, 'ResourceNotFound');
    const viewer = await clientToken(server, 'view_products:test');
    expect((await read(`/${product.id}?staged=true`, viewer)).name).toEqual({ en: 'Draft name' });
    await expectError(await api(server, published, '/test/products'), 403, 'insufficient_scope');
  });
});

describe('price selection', () => {
  it('priceCurrency (with country, channel) sets each variant `price` to the selected price', async () => {
    const channel = await ok<{ id: string }>(api(server, admin, '/test/channels', { body: { key: unique('shop'), roles: ['ProductDistribution'] } }), 201);
    const product = await createProduct({
      publish: true,
      masterVariant: { prices: [eur(1000), eur(900, { country: 'DE' }), eur(800, { channel: { typeId: 'channel', id: channel.id } })] },
      variants: [{ prices: [{ value: { currencyCode: 'USD', centAmount: 5 } }] }],
    });
    const plain = await read(`/${product.id}?priceCurrency=EUR`);
    expect(plain.masterVariant.price?.value.centAmount).toBe(1000);
    expect(plain.variants[0].price).toBeUndefined();
    expect((await read(`/${product.id}?priceCurrency=EUR&priceCountry=DE`)).masterVariant.price).toMatchObject({ country: 'DE', value: { centAmount: 900 } });
    expect((await read(`/${product.id}?priceCurrency=EUR&priceChannel=${channel.id}`)).masterVariant.price?.value.centAmount).toBe(800);
    const page = await query(`where=${encodeURIComponent(`id="${product.id}"`)}&priceCurrency=USD`);
    expect(page.results[0].variants[0].price?.value.centAmount).toBe(5);
    expect((await read(`/${product.id}`)).masterVariant.price).toBeUndefined();
  });

  it('a price selection parameter without priceCurrency is 400 InvalidInput', async () => {
    const product = await createProduct({ publish: true });
    await expectError(await api(server, admin, `${PP}/${product.id}?priceCountry=DE`), 400, 'InvalidInput');
    await expectError(await api(server, admin, `${PP}?priceCurrency=euro`), 400, 'InvalidInput');
  });
});

describe('in a store', () => {
  it('a store-scoped token reads projections by id and key in the store (staged with the store-scoped view_products), not on the general endpoints', async () => {
    const store = unique('pp-store');
    await ok(api(server, await clientToken(server, 'manage_stores:test'), '/test/stores', { body: { key: store } }), 201);
    const key = unique('in-store-tee');
    const product = await createProduct({ key, publish: true, masterVariant: { sku: unique('sku'), prices: [eur(1500)] } });
    await update(product, [{ action: 'changeName', name: { en: 'Tee, renamed' } }]);
    const published = await clientToken(server, `view_published_products:test:${store}`);
    const inStore = (path: string) => `/test/in-store/key=${store}/product-projections${path}`;

    expect((await ok<Projection>(api(server, published, inStore(`/${product.id}?priceCurrency=EUR`)))).name).toEqual({ en: 'Tee' });
    expect((await ok<Projection>(api(server, published, inStore(`/key=${key}`)))).id).toBe(product.id);
    // view_published_products reads the current data, even when it asks for the staged.
    expect((await ok<Projection>(api(server, published, inStore(`/${product.id}?staged=true`)))).name).toEqual({ en: 'Tee' });
    const viewer = await clientToken(server, `view_products:test:${store}`);
    expect((await ok<Projection>(api(server, viewer, inStore(`/${product.id}?staged=true`)))).name).toEqual({ en: 'Tee, renamed' });
    expect((await api(server, published, inStore(`/key=${key}`), { method: 'HEAD' })).status).toBe(200);
    expect((await api(server, published, inStore('/key=no-such-product'), { method: 'HEAD' })).status).toBe(404);
    await expectError(await api(server, published, `${PP}/${product.id}`), 403, 'insufficient_scope');
    await expectError(await api(server, published, `/test/in-store/key=another-store/product-projections/${product.id}`), 403, 'insufficient_scope');
  });
});
