import { api, clientToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { create, update, updated, type Resource } from '../support/pricing.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface Rate {
  id: string;
  key?: string;
  name: string;
  amount: number;
  includedInPrice: boolean;
  country: string;
  state?: string;
  subRates?: { name: string; amount: number }[];
}
interface TaxCategory extends Resource {
  name: string;
  description?: string;
  rates: Rate[];
}

let server: TestServer;
let manager: string;
let keys = 0;

beforeAll(async () => {
  server = await startTestServer();
  manager = await clientToken(server, 'manage_tax_categories:test manage_products:test');
});
afterAll(async () => {
  await server.close();
});

const newCategory = (draft: Record<string, unknown> = {}) =>
  create<TaxCategory>(server, manager, 'tax-categories', { key: `tax-${++keys}`, name: `Tax ${keys}`, ...draft });
const de19 = { name: '19% MwSt', amount: 0.19, includedInPrice: true, country: 'DE' };

describe('create', () => {
  it('answers 201; each rate gets an id', async () => {
    const category = await newCategory({
      description: 'standard',
      rates: [de19, { name: 'US NY', amount: 0.08875, includedInPrice: false, country: 'US', state: 'NY', key: 'ny' }],
    });
    expect(category).toMatchObject({ version: 1, description: 'standard' });
    expect(category.rates).toEqual([
      { id: expect.any(String), ...de19 },
      { id: expect.any(String), key: 'ny', name: 'US NY', amount: 0.08875, includedInPrice: false, country: 'US', state: 'NY' },
    ]);
    expect(category.rates[0].id).not.toBe(category.rates[1].id);
  });

  it('a rate of sub-rates has their sum as amount, exactly (0.1 + 0.2 is 0.3)', async () => {
    const category = await newCategory({
      rates: [
        {
          name: 'split',
          includedInPrice: false,
          country: 'CA',
          subRates: [
            { name: 'GST', amount: 0.1 },
            { name: 'PST', amount: 0.2 },
          ],
        },
      ],
    });
    expect(category.rates[0]).toMatchObject({
      amount: 0.3,
      subRates: [
        { name: 'GST', amount: 0.1 },
        { name: 'PST', amount: 0.2 },
      ],
    });
    const agreed = await newCategory({
      rates: [
        {
          name: 'split',
          amount: 0.3,
          includedInPrice: false,
          country: 'CA',
          subRates: [
            { name: 'a', amount: 0.1 },
            { name: 'b', amount: 0.2 },
          ],
        },
      ],
    });
    expect(agreed.rates[0].amount).toBe(0.3);
  });

  it('an amount that is not the sum of the sub-rates is 400 InvalidField', async () => {
    const res = await api(server, manager, '/test/tax-categories', {
      body: {
        name: 'x',
        rates: [
          {
            name: 'split',
            amount: 0.25,
            includedInPrice: false,
            country: 'CA',
            subRates: [
              { name: 'a', amount: 0.1 },
              { name: 'b', amount: 0.2 },
            ],
          },
        ],
      },
    });
    await expectError(res, 400, 'InvalidField', { field: 'rates[0].amount' });
  });

  it('a rate without amount or sub-rates is 400 RequiredField; above 1 is 400 InvalidField', async () => {
    await expectError(
      await api(server, manager, '/test/tax-categories', { body: { name: 'x', rates: [{ name: 'r', includedInPrice: false, country: 'DE' }] } }),
      400,
      'RequiredField',
      {
        field: 'rates[0].amount',
      },
    );
    await expectError(await api(server, manager, '/test/tax-categories', { body: { name: 'x', rates: [{ ...de19, amount: 1.5 }] } }), 400, 'InvalidField');
  });

  it('two rates for the same country and state are refused (400 InvalidOperation); another state is fine', async () => {
    await expectError(
      await api(server, manager, '/test/tax-categories', { body: { name: 'x', rates: [de19, { ...de19, name: 'again' }] } }),
      400,
      'InvalidOperation',
    );
    const category = await newCategory({ rates: [de19, { ...de19, state: 'Bavaria' }] });
    expect(category.rates).toHaveLength(2);
  });
});

describe('update actions', () => {
  it('addTaxRate, replaceTaxRate (by id and key), removeTaxRate, changeName, setDescription, setKey', async () => {
    const category = await newCategory({ rates: [de19], description: 'd' });
    const added = await updated<TaxCategory>(server, manager, 'tax-categories', category, [
      { action: 'addTaxRate', taxRate: { key: 'at', name: '20% AT', amount: 0.2, includedInPrice: true, country: 'AT' } },
      { action: 'changeName', name: 'Standard' },
      { action: 'setDescription' },
      { action: 'setKey', key: 'standard-rates' },
    ]);
    expect(added).toMatchObject({ version: 2, name: 'Standard', key: 'standard-rates' });
    expect(added.description).toBeUndefined();
    expect(added.rates.map((r) => r.country)).toEqual(['DE', 'AT']);
    const replaced = await updated<TaxCategory>(server, manager, 'tax-categories', added, [
      { action: 'replaceTaxRate', taxRateKey: 'at', taxRate: { key: 'at', name: '10% AT', amount: 0.1, includedInPrice: true, country: 'AT' } },
      { action: 'removeTaxRate', taxRateId: added.rates[0].id },
    ]);
    expect(replaced.rates).toEqual([{ id: expect.any(String), key: 'at', name: '10% AT', amount: 0.1, includedInPrice: true, country: 'AT' }]);
  });

  it('a rate the category does not have is 400 InvalidOperation, nothing changes', async () => {
    const category = await newCategory({ rates: [de19] });
    const res = await update(server, manager, 'tax-categories', category.id, 1, [
      { action: 'changeName', name: 'never' },
      { action: 'removeTaxRate', taxRateId: 'nope' },
    ]);
    await expectError(res, 400, 'InvalidOperation');
    expect(((await (await api(server, manager, `/test/tax-categories/${category.id}`)).json()) as TaxCategory).name).toBe(category.name);
  });

  it('adding a second rate for a country is 400 InvalidOperation', async () => {
    const category = await newCategory({ rates: [de19] });
    await expectError(
      await update(server, manager, 'tax-categories', category.id, 1, [{ action: 'addTaxRate', taxRate: { ...de19, amount: 0.07 } }]),
      400,
      'InvalidOperation',
    );
  });
});

describe('query and products', () => {
  it('where on the rates', async () => {
    await newCategory({ name: 'Swiss', rates: [{ name: 'CH', amount: 0.081, includedInPrice: true, country: 'CH' }] });
    const res = await api(server, manager, `/test/tax-categories?where=${encodeURIComponent('rates(country = "CH" and amount > 0.08)')}`);
    const page = (await res.json()) as { results: TaxCategory[] };
    expect(page.results.map((c) => c.name)).toEqual(['Swiss']);
  });

  it('products name a tax category by id or key (draft and setTaxCategory), expandable; one in use cannot be deleted', async () => {
    const category = await newCategory({ rates: [de19] });
    const type = await create(server, manager, 'product-types', { name: 'tax-test', description: 'x' });
    const product = await create<Resource & { taxCategory?: { typeId: string; id: string } }>(server, manager, 'products', {
      productType: { typeId: 'product-type', id: type.id },
      taxCategory: { typeId: 'tax-category', key: category.key },
      name: { en: 'Taxed' },
      slug: { en: 'taxed' },
    });
    expect(product.taxCategory).toEqual({ typeId: 'tax-category', id: category.id });
    const expanded = (await (await api(server, manager, `/test/products/${product.id}?expand=taxCategory`)).json()) as { taxCategory: { obj: TaxCategory } };
    expect(expanded.taxCategory.obj.name).toBe(category.name);
    await expectError(await api(server, manager, `/test/tax-categories/${category.id}?version=1`, { method: 'DELETE' }), 400, 'ReferenceExists', {
      referencedBy: 'product',
    });

    const unset = await updated<Resource & { taxCategory?: unknown }>(server, manager, 'products', product, [{ action: 'setTaxCategory' }]);
    expect(unset.taxCategory).toBeUndefined();
    expect((await api(server, manager, `/test/tax-categories/${category.id}?version=1`, { method: 'DELETE' })).status).toBe(200);
    await expectError(
      await update(server, manager, 'products', unset.id, unset.version, [{ action: 'setTaxCategory', taxCategory: { key: 'gone' } }]),
      400,
      'ReferencedResourceNotFound',
      {
        typeId: 'tax-category',
        key: 'gone',
      },
    );
  });
});

describe('scopes', () => {
  it('view_products reads tax categories; view_tax_categories cannot write', async () => {
    const category = await newCategory();
    const products = await clientToken(server, 'view_products:test');
    const viewer = await clientToken(server, 'view_tax_categories:test');
    expect((await api(server, products, `/test/tax-categories/key=${category.key}`)).status).toBe(200);
    await expectError(await update(server, viewer, 'tax-categories', category.id, 1, [{ action: 'changeName', name: 'x' }]), 403, 'insufficient_scope');
  });
});
