import { api, clientToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { ok } from '../carts/support.js';

/**
 * Product types keep every part of their attribute definitions (the types' values, constraints, hints),
 * and products read enum and lenum attributes back as the platform answers them: `{ key, label }`,
 * whether the draft gave the key or the pair.
 */
let server: TestServer;
let admin: string;
let productTypeId: string;

const COLOR = {
  name: 'enum',
  values: [
    { key: 'red', label: 'Red' },
    { key: 'blue', label: 'Blue' },
  ],
};
const FIT = { name: 'lenum', values: [{ key: 'slim', label: { en: 'Slim', de: 'Schmal' } }] };
const DEFINITIONS = [
  { name: 'color', label: { en: 'Color' }, isRequired: false, type: COLOR, attributeConstraint: 'CombinationUnique', inputHint: 'SingleLine' },
  { name: 'fit', label: { en: 'Fit' }, isRequired: false, type: FIT },
  { name: 'colors', label: { en: 'Colors' }, isRequired: false, type: { name: 'set', elementType: COLOR }, isSearchable: false },
  {
    name: 'related',
    label: { en: 'Related' },
    isRequired: false,
    type: { name: 'reference', referenceTypeId: 'product' },
    inputTip: { en: 'Another product' },
  },
  { name: 'care', label: { en: 'Care' }, isRequired: true, type: { name: 'ltext' }, inputHint: 'MultiLine', attributeConstraint: 'SameForAll' },
];

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_project:test');
  productTypeId = (
    await ok<{ id: string }>(
      api(server, admin, '/test/product-types', { body: { key: 'shirt', name: 'Shirt', description: 'shirts', attributes: DEFINITIONS } }),
      201,
    )
  ).id;
});
afterAll(() => server.close());

describe('product type attribute definitions', () => {
  it('keep the values of enum and lenum types, set element types, reference types, constraints and hints', async () => {
    const productType = await ok<{ attributes: Record<string, unknown>[] }>(api(server, admin, `/test/product-types/${productTypeId}`));
    expect(productType.attributes).toEqual([
      { ...DEFINITIONS[0], isSearchable: true },
      { ...DEFINITIONS[1], attributeConstraint: 'None', inputHint: 'SingleLine', isSearchable: true },
      { ...DEFINITIONS[2], attributeConstraint: 'None', inputHint: 'SingleLine' },
      { ...DEFINITIONS[3], attributeConstraint: 'None', inputHint: 'SingleLine', isSearchable: true },
      { ...DEFINITIONS[4], isSearchable: true },
    ]);
  });

  it('refuse an attribute type the platform does not have, and a definition without label or isRequired', async () => {
    const bad = [
      { name: 'x1', label: { en: 'x' }, isRequired: false, type: { name: 'colour' } },
      { name: 'x2', label: { en: 'x' }, isRequired: false, type: { name: 'enum' } },
      { name: 'x3', isRequired: false, type: { name: 'text' } },
      { name: 'x4', label: { en: 'x' }, type: { name: 'text' } },
    ];
    for (const definition of bad) {
      const res = await api(server, admin, '/test/product-types', { body: { name: 'Bad', description: 'bad', attributes: [definition] } });
      expect([definition.name, res.status]).toEqual([definition.name, 400]);
    }
  });
});

describe('enum and lenum attributes of products', () => {
  interface Variant {
    attributes: { name: string; value: unknown }[];
  }
  const productDraft = (attributes: unknown[], slug: string) => ({
    productType: { typeId: 'product-type', id: productTypeId },
    name: { en: slug },
    slug: { en: slug },
    masterVariant: { sku: slug, attributes },
    publish: true,
  });

  it('a key, or a {key, label} pair, is read back as the definition {key, label}, in products and projections', async () => {
    const product = await ok<{ id: string; version: number; masterData: { staged: { masterVariant: Variant } } }>(
      api(server, admin, '/test/products', {
        body: productDraft(
          [
            { name: 'color', value: 'red' },
            { name: 'fit', value: { key: 'slim', label: 'ignored' } },
            { name: 'colors', value: ['blue', { key: 'red' }] },
            { name: 'care', value: { en: 'Wash cold' } },
          ],
          'enum-shirt',
        ),
      }),
      201,
    );
    const expected = [
      { name: 'color', value: { key: 'red', label: 'Red' } },
      { name: 'fit', value: { key: 'slim', label: { en: 'Slim', de: 'Schmal' } } },
      {
        name: 'colors',
        value: [
          { key: 'blue', label: 'Blue' },
          { key: 'red', label: 'Red' },
        ],
      },
      { name: 'care', value: { en: 'Wash cold' } },
    ];
    expect(product.masterData.staged.masterVariant.attributes).toEqual(expected);
    const projection = await ok<{ masterVariant: Variant }>(api(server, admin, `/test/product-projections/${product.id}`));
    expect(projection.masterVariant.attributes).toEqual(expected);

    const added = await ok<{ masterData: { staged: { variants: Variant[] } } }>(
      api(server, admin, `/test/products/${product.id}`, {
        body: { version: product.version, actions: [{ action: 'addVariant', sku: 'enum-shirt-2', attributes: [{ name: 'color', value: 'blue' }] }] },
      }),
    );
    expect(added.masterData.staged.variants[0].attributes).toEqual([{ name: 'color', value: { key: 'blue', label: 'Blue' } }]);
  });

  it('a key the definition does not list is 400 InvalidField naming the allowed keys, and nothing is created', async () => {
    const res = await api(server, admin, '/test/products', { body: productDraft([{ name: 'color', value: 'green' }], 'green-shirt') });
    await expectError(res, 400, 'InvalidField', { field: 'masterVariant.attributes[0].value', allowedValues: ['red', 'blue'] });
    await expectError(await api(server, admin, '/test/products/key=green-shirt'), 404, 'ResourceNotFound');
  });
});

describe('what a product draft carries beyond names and variants', () => {
  it('keeps meta title, description and keywords, search keywords and product-level attributes, in the product and its projection', async () => {
    const withLevel = await ok<{ id: string }>(
      api(server, admin, '/test/product-types', {
        body: {
          name: 'Level',
          description: 'product-level',
          attributes: [{ name: 'brand', label: { en: 'Brand' }, isRequired: false, level: 'Product', type: COLOR }],
        },
      }),
      201,
    );
    const draft = {
      productType: { typeId: 'product-type', id: withLevel.id },
      name: { en: 'Meta shirt' },
      slug: { en: 'meta-shirt' },
      metaTitle: { en: 'Buy the meta shirt' },
      metaDescription: { en: 'A shirt with meta data' },
      metaKeywords: { en: 'shirt, meta' },
      searchKeywords: { en: [{ text: 'meta shirt' }, { text: 'tee', suggestTokenizer: { type: 'whitespace' } }] },
      attributes: [{ name: 'brand', value: 'blue' }],
      publish: true,
    };
    const product = await ok<{ id: string; masterData: { current: Record<string, unknown>; staged: Record<string, unknown> } }>(
      api(server, admin, '/test/products', { body: draft }),
      201,
    );
    const kept = {
      metaTitle: draft.metaTitle,
      metaDescription: draft.metaDescription,
      metaKeywords: draft.metaKeywords,
      searchKeywords: draft.searchKeywords,
      attributes: [{ name: 'brand', value: { key: 'blue', label: 'Blue' } }],
    };
    expect(product.masterData.current).toMatchObject(kept);
    expect(product.masterData.staged).toMatchObject(kept);
    expect(await ok<Record<string, unknown>>(api(server, admin, `/test/product-projections/${product.id}`))).toMatchObject(kept);
  });
});

describe('product states', () => {
  it('a draft names a ProductState; transitionState moves along allowed transitions (force overrides); a state in use is not deleted', async () => {
    const state = (key: string, type = 'ProductState', transitions?: { key: string }[]) =>
      ok<{ id: string; version: number; key: string }>(
        api(server, admin, '/test/states', { body: { key, type, ...(transitions ? { transitions } : {}) } }),
        201,
      );
    const archived = await state('archived', 'ProductState', []);
    const review = await state('in-review', 'ProductState', [{ key: 'archived' }]);
    const draftState = await state('drafted', 'ProductState', [{ key: 'in-review' }]);
    await state('order-open', 'OrderState');
    const base = { productType: { typeId: 'product-type', id: productTypeId }, name: { en: 'Stateful' } };
    await expectError(
      await api(server, admin, '/test/products', { body: { ...base, slug: { en: 'stateful-bad' }, state: { key: 'order-open' } } }),
      400,
      'InvalidOperation',
    );
    let product = await ok<{ id: string; version: number; state?: { id: string } }>(
      api(server, admin, '/test/products', { body: { ...base, slug: { en: 'stateful' }, state: { key: 'drafted' } } }),
      201,
    );
    expect(product.state).toEqual({ typeId: 'state', id: draftState.id });
    const move = (key: string, force?: boolean) =>
      api(server, admin, `/test/products/${product.id}`, {
        body: { version: product.version, actions: [{ action: 'transitionState', state: { key }, ...(force ? { force } : {}) }] },
      });
    await expectError(await move('archived'), 400, 'InvalidOperation');
    product = await ok(move('in-review'));
    expect(product.state?.id).toBe(review.id);
    product = await ok(move('drafted', true));
    expect(product.state?.id).toBe(draftState.id);
    await expectError(await api(server, admin, `/test/states/${draftState.id}?version=${draftState.version}`, { method: 'DELETE' }), 400, 'ReferenceExists', {
      referencedBy: 'product',
    });
    expect(archived.key).toBe('archived');
  });
});
