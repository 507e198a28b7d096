import { api, clientToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { categoryRef, createCategory, ok, uniqueSlug, type CategoryBody, type Ref } from './support.js';

interface Data {
  categories: Ref[];
  categoryOrderHints?: Record<string, string>;
}
interface Product {
  id: string;
  version: number;
  masterData: { current: Data; staged: Data; hasStagedChanges: boolean };
}

let server: TestServer;
let admin: string;
const P = '/test/products';

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_products:test');
  await ok(api(server, admin, '/test/product-types', { body: { key: 'shirt', name: 'Shirt', description: 'shirts' } }), 201);
});
afterAll(async () => {
  await server.close();
});

const category = (draft: Record<string, unknown> = {}) => createCategory(server, admin, draft);
const draft = (body: Record<string, unknown>) => ({
  productType: { typeId: 'product-type', key: 'shirt' },
  name: { en: 'Shirt' },
  slug: { en: uniqueSlug('shirt') },
  publish: true,
  ...body,
});
const createProduct = (body: Record<string, unknown>) => ok<Product>(api(server, admin, P, { body: draft(body) }), 201);
const update = (product: Product, actions: unknown[]) => api(server, admin, `${P}/${product.id}`, { body: { version: product.version, actions } });
const getProduct = (id: string) => ok<Product>(api(server, admin, `${P}/${id}`));

describe('categories of a product', () => {
  it('a draft names categories by id or key; they are stored as references with the order hints', async () => {
    const shoes = await category({ key: uniqueSlug('shoes') });
    const boots = await category();
    const product = await createProduct({ categories: [{ typeId: 'category', key: shoes.key }, { id: boots.id }], categoryOrderHints: { [shoes.id]: '0.3' } });
    for (const data of [product.masterData.current, product.masterData.staged]) {
      expect(data.categories).toEqual([categoryRef(shoes), categoryRef(boots)]);
      expect(data.categoryOrderHints).toEqual({ [shoes.id]: '0.3' });
    }
  });

  it('an unknown category in a draft is 400 ReferencedResourceNotFound and creates nothing', async () => {
    const slug = uniqueSlug('shirt');
    await expectError(
      await api(server, admin, P, { body: draft({ slug: { en: slug }, categories: [{ typeId: 'category', key: 'no-such-category' }] }) }),
      400,
      'ReferencedResourceNotFound',
      {
        typeId: 'category',
        key: 'no-such-category',
      },
    );
    const page = await ok<{ results: unknown[] }>(api(server, admin, `${P}?where=${encodeURIComponent(`masterData(staged(slug(en="${slug}")))`)}`));
    expect(page.results).toEqual([]);
  });

  it('addToCategory changes the staged data unless staged is false, and sets the order hint', async () => {
    const shoes = await category();
    const boots = await category({ key: uniqueSlug('boots') });
    let product = await createProduct({});
    product = await ok<Product>(update(product, [{ action: 'addToCategory', category: categoryRef(shoes), orderHint: '0.1' }]));
    expect(product.masterData.staged).toMatchObject({ categories: [categoryRef(shoes)], categoryOrderHints: { [shoes.id]: '0.1' } });
    expect(product.masterData.current.categories).toEqual([]);
    expect(product.masterData.hasStagedChanges).toBe(true);
    product = await ok<Product>(update(product, [{ action: 'addToCategory', category: { typeId: 'category', key: boots.key }, staged: false }]));
    expect(product.masterData.current.categories).toEqual([categoryRef(boots)]);
    expect(product.masterData.staged.categories).toEqual([categoryRef(shoes), categoryRef(boots)]);
  });

  it('addToCategory: an unknown category is ReferencedResourceNotFound, a category the product is in InvalidOperation', async () => {
    const shoes = await category();
    const product = await createProduct({ categories: [categoryRef(shoes)] });
    await expectError(await update(product, [{ action: 'addToCategory', category: { typeId: 'category', id: 'nope' } }]), 400, 'ReferencedResourceNotFound', {
      id: 'nope',
    });
    await expectError(await update(product, [{ action: 'addToCategory', category: categoryRef(shoes) }]), 400, 'InvalidOperation');
    expect((await getProduct(product.id)).version).toBe(product.version);
  });

  it('removeFromCategory drops the category and its order hint; a category the product is not in is InvalidOperation', async () => {
    const shoes = await category();
    const boots = await category();
    let product = await createProduct({ categories: [categoryRef(shoes), categoryRef(boots)], categoryOrderHints: { [shoes.id]: '0.4', [boots.id]: '0.6' } });
    product = await ok<Product>(update(product, [{ action: 'removeFromCategory', category: categoryRef(shoes), staged: false }]));
    for (const data of [product.masterData.current, product.masterData.staged]) {
      expect(data.categories).toEqual([categoryRef(boots)]);
      expect(data.categoryOrderHints).toEqual({ [boots.id]: '0.6' });
    }
    await expectError(await update(product, [{ action: 'removeFromCategory', category: categoryRef(shoes) }]), 400, 'InvalidOperation');
  });

  it('setCategoryOrderHint sets and removes a hint, only for a category the product is in', async () => {
    const shoes = await category();
    const other = await category();
    let product = await createProduct({ categories: [categoryRef(shoes)] });
    product = await ok<Product>(update(product, [{ action: 'setCategoryOrderHint', categoryId: shoes.id, orderHint: '0.9', staged: false }]));
    expect(product.masterData.current.categoryOrderHints).toEqual({ [shoes.id]: '0.9' });
    product = await ok<Product>(update(product, [{ action: 'setCategoryOrderHint', categoryId: shoes.id, staged: false }]));
    expect(product.masterData.current.categoryOrderHints).toEqual({});
    await expectError(await update(product, [{ action: 'setCategoryOrderHint', categoryId: other.id, orderHint: '0.1' }]), 400, 'InvalidOperation');
  });
});

describe('queries and expansion across the reference', () => {
  it('where=masterData(current(categories(id=...))) finds the products of a category; expand embeds the categories', async () => {
    const shoes = await category();
    const boots = await category();
    const inShoes = await createProduct({ categories: [categoryRef(shoes)] });
    await createProduct({ categories: [categoryRef(boots)] });
    const where = encodeURIComponent(`masterData(current(categories(id="${shoes.id}")))`);
    const expand = encodeURIComponent('masterData.current.categories[*]');
    const page = await ok<{ results: { id: string; masterData: { current: { categories: Ref[] } } }[] }>(
      api(server, admin, `${P}?where=${where}&expand=${expand}`),
    );
    expect(page.results.map((p) => p.id)).toEqual([inShoes.id]);
    expect(page.results[0].masterData.current.categories[0].obj).toMatchObject({ id: shoes.id, slug: shoes.slug });
    const byKey = await ok<{ masterData: { current: { categories: Ref[] } } }>(api(server, admin, `${P}/${inShoes.id}?expand=${expand}`));
    expect(byKey.masterData.current.categories[0].obj?.id).toBe(shoes.id);
  });

  it('view_products alone expands the categories (it reads categories on the platform)', async () => {
    const shoes = await category();
    const product = await createProduct({ categories: [categoryRef(shoes)] });
    const viewProducts = await clientToken(server, 'view_products:test');
    const expanded = await ok<Product>(api(server, viewProducts, `${P}/${product.id}?expand=${encodeURIComponent('masterData.current.categories[*]')}`));
    expect(expanded.masterData.current.categories[0].obj?.id).toBe(shoes.id);
  });
});

describe('deleting a category', () => {
  it('removes the category and its subtree from every product, each product a new version', async () => {
    const root = await category();
    const child = await category({ parent: categoryRef(root) });
    const kept = await category();
    const product = await createProduct({ categories: [categoryRef(child), categoryRef(kept)], categoryOrderHints: { [child.id]: '0.2', [kept.id]: '0.8' } });
    const other = await createProduct({ categories: [categoryRef(kept)] });
    await ok<CategoryBody>(api(server, admin, `/test/categories/${root.id}?version=1`, { method: 'DELETE' }));
    const after = await getProduct(product.id);
    expect(after.version).toBe(product.version + 1);
    for (const data of [after.masterData.current, after.masterData.staged]) {
      expect(data.categories).toEqual([categoryRef(kept)]);
      expect(data.categoryOrderHints).toEqual({ [kept.id]: '0.8' });
    }
    expect((await getProduct(other.id)).version).toBe(other.version);
  });
});
