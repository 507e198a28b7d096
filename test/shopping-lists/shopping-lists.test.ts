import { api, clientToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { createCustomer } from '../customers/support.js';
import { eur, ok, publishedProduct, type Page, type ProductBody, type ShoppingListBody } from './support.js';

let server: TestServer;
let admin: string;
let viewer: string;
let shirt: ProductBody;
let mug: ProductBody;
let keySeq = 0;

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(
    server,
    'manage_shopping_lists:test manage_products:test manage_customers:test manage_stores:test manage_types:test view_customers:test',
  );
  viewer = await clientToken(server, 'view_shopping_lists:test');
  shirt = await publishedProduct(server, admin, 'list-shirt', [
    { sku: 'list-shirt-s', prices: [{ value: eur(1000) }] },
    { sku: 'list-shirt-m', prices: [{ value: eur(1200) }] },
  ]);
  mug = await publishedProduct(server, admin, 'list-mug', [{ sku: 'list-mug', prices: [{ value: eur(500) }] }]);
});
afterAll(async () => {
  await server.close();
});

const uniqueKey = () => `list-${++keySeq}`;
const create = (draft: Record<string, unknown> = {}) =>
  ok<ShoppingListBody>(api(server, admin, '/test/shopping-lists', { body: { name: { en: 'Wishlist' }, ...draft } }), 201);
const update = (list: { id: string; version: number }, actions: unknown[], path = list.id) =>
  api(server, admin, `/test/shopping-lists/${path}`, { body: { version: list.version, actions } });
const updated = (list: { id: string; version: number }, actions: unknown[]) => ok<ShoppingListBody>(update(list, actions));

describe('create', () => {
  test('answers 201 at version 1 with line items resolved against the products (name, product type, published) and text line items', async () => {
    const list = await create({
      key: uniqueKey(),
      description: { en: 'for later' },
      lineItems: [{ productId: shirt.id, quantity: 2 }, { sku: 'list-shirt-m' }],
      textLineItems: [{ name: { en: 'Batteries' }, quantity: 4 }],
      deleteDaysAfterLastModification: 30,
    });
    expect(list).toMatchObject({ version: 1, name: { en: 'Wishlist' }, description: { en: 'for later' }, deleteDaysAfterLastModification: 30 });
    expect(list.lineItems.map((li) => [li.productId, li.variantId, li.quantity, li.name, li.productType.typeId, li.published])).toEqual([
      [shirt.id, undefined, 2, { en: 'list-shirt' }, 'product-type', true],
      [shirt.id, 2, 1, { en: 'list-shirt' }, 'product-type', true],
    ]);
    // Without `expand` the variant and the product slug are not part of the answer.
    expect(list.lineItems[0].variant).toBeUndefined();
    expect(list.lineItems[0].productSlug).toBeUndefined();
    expect(list.textLineItems).toEqual([{ id: expect.any(String), name: { en: 'Batteries' }, quantity: 4, addedAt: expect.any(String) }]);
    // Stamped when the draft's lines are read, just before the list's own createdAt (the clock is read twice: they
    // differed by 1 ms once under load).
    const added = Date.parse(list.textLineItems[0].addedAt);
    expect(added).toBeLessThanOrEqual(Date.parse(list.createdAt));
    expect(Date.parse(list.createdAt) - added).toBeLessThan(1000);
  });

  test('the customer and store identifiers are resolved: the customer by id or key to a Reference, the store to a KeyReference', async () => {
    const customer = await createCustomer(server, admin, { email: 'list-owner@example.com', password: 'pw-123456', key: 'list-owner' });
    await ok(api(server, admin, '/test/stores', { body: { key: 'list-store' } }), 201);
    const list = await create({ customer: { typeId: 'customer', key: 'list-owner' }, store: { typeId: 'store', key: 'list-store' } });
    expect([list.customer, list.store]).toEqual([
      { typeId: 'customer', id: customer.id },
      { typeId: 'store', key: 'list-store' },
    ]);
  });

  test('a draft naming nothing (product, variant, customer, store) or breaking the contract is refused with the platform error', async () => {
    await expectError(
      await api(server, admin, '/test/shopping-lists', { body: { name: { en: 'x' }, lineItems: [{ productId: 'nope' }] } }),
      400,
      'ReferencedResourceNotFound',
    );
    await expectError(
      await api(server, admin, '/test/shopping-lists', { body: { name: { en: 'x' }, lineItems: [{ productId: shirt.id, variantId: 9 }] } }),
      400,
      'InvalidOperation',
    );
    await expectError(await api(server, admin, '/test/shopping-lists', { body: { name: { en: 'x' }, lineItems: [{ quantity: 1 }] } }), 400, 'RequiredField');
    await expectError(
      await api(server, admin, '/test/shopping-lists', { body: { name: { en: 'x' }, customer: { id: 'nobody' } } }),
      400,
      'ReferencedResourceNotFound',
    );
    await expectError(
      await api(server, admin, '/test/shopping-lists', { body: { name: { en: 'x' }, store: { key: 'no-store' } } }),
      400,
      'ReferencedResourceNotFound',
    );
    await expectError(await api(server, admin, '/test/shopping-lists', { body: { description: { en: 'no name' } } }), 400, 'RequiredField');
    await expectError(await api(server, admin, '/test/shopping-lists', { body: { name: { en: 'x' }, slug: { en: 'not a slug!' } } }), 400, 'InvalidField');
    await expectError(
      await api(server, admin, '/test/shopping-lists', { body: { name: { en: 'x' }, lineItems: [{ sku: 'list-mug', quantity: 0 }] } }),
      400,
      'InvalidField',
    );
  });

  test('keys are unique in the project; a slug is unique per locale (another locale may repeat it)', async () => {
    const key = uniqueKey();
    await create({ key, slug: { en: 'summer-list', de: 'sommer' } });
    await expectError(await api(server, admin, '/test/shopping-lists', { body: { name: { en: 'x' }, key } }), 400, 'DuplicateField', {
      field: 'key',
      duplicateValue: key,
    });
    await expectError(await api(server, admin, '/test/shopping-lists', { body: { name: { en: 'x' }, slug: { en: 'summer-list' } } }), 400, 'DuplicateField', {
      field: 'slug',
    });
    const other = await create({ slug: { de: 'summer-list' } });
    // setSlug frees the old value in the same transaction.
    await expectError(await update(other, [{ action: 'setSlug', slug: { de: 'sommer' } }]), 400, 'DuplicateField', { field: 'slug' });
    const freed = await updated(other, [{ action: 'setSlug', slug: { de: 'winter' } }]);
    expect((await create({ slug: { de: 'summer-list' } })).slug).toEqual({ de: 'summer-list' });
    expect(freed.slug).toEqual({ de: 'winter' });
  });
});

describe('read and query', () => {
  test('GET and HEAD by id and by key; an unknown one is 404', async () => {
    const list = await create({ key: uniqueKey() });
    expect((await ok<ShoppingListBody>(api(server, viewer, `/test/shopping-lists/${list.id}`))).id).toBe(list.id);
    expect((await ok<ShoppingListBody>(api(server, viewer, `/test/shopping-lists/key=${list.key}`))).id).toBe(list.id);
    expect((await api(server, viewer, `/test/shopping-lists/key=${list.key}`, { method: 'HEAD' })).status).toBe(200);
    expect((await api(server, viewer, '/test/shopping-lists/nope', { method: 'HEAD' })).status).toBe(404);
    await expectError(await api(server, viewer, '/test/shopping-lists/nope'), 404, 'ResourceNotFound');
    await expectError(await api(server, viewer, '/test/shopping-lists/key=nope'), 404, 'ResourceNotFound');
  });

  test('where, sort and paging run on the query engine (line items included)', async () => {
    const tag = uniqueKey();
    const a = await create({ key: `${tag}-a`, name: { en: `${tag} b` }, lineItems: [{ sku: 'list-mug', quantity: 3 }] });
    const b = await create({ key: `${tag}-b`, name: { en: `${tag} a` } });
    const page = await ok<Page<ShoppingListBody>>(
      api(server, viewer, `/test/shopping-lists?where=${encodeURIComponent(`key in ("${tag}-a", "${tag}-b")`)}&sort=name.en%20asc&limit=1`),
    );
    expect([page.total, page.count, page.results.map((l) => l.id)]).toEqual([2, 1, [b.id]]);
    const withMug = await ok<Page<ShoppingListBody>>(
      api(server, viewer, `/test/shopping-lists?where=${encodeURIComponent(`key = "${tag}-a" and lineItems(productId = "${mug.id}" and quantity >= 3)`)}`),
    );
    expect(withMug.results.map((l) => l.id)).toEqual([a.id]);
    expect((await api(server, viewer, `/test/shopping-lists?where=${encodeURIComponent(`key = "${tag}-b"`)}`, { method: 'HEAD' })).status).toBe(200);
    await expectError(await api(server, viewer, '/test/shopping-lists?where=nope%20%3D%201'), 400, 'InvalidInput');
  });

  test('expand lineItems[*].variant and lineItems[*].productSlug give the current product data; customer expands as a reference', async () => {
    const customer = await createCustomer(server, admin, { email: 'expand-owner@example.com', password: 'pw-123456' });
    const list = await create({ customer: { id: customer.id }, lineItems: [{ productId: shirt.id }, { sku: 'list-shirt-m' }] });
    const expanded = await ok<ShoppingListBody>(
      api(server, admin, `/test/shopping-lists/${list.id}?expand=lineItems%5B*%5D.variant&expand=lineItems%5B*%5D.productSlug&expand=customer`),
    );
    expect(expanded.lineItems.map((li) => [li.variant?.id, li.variant?.sku, li.productSlug])).toEqual([
      [1, 'list-shirt-s', { en: 'list-shirt' }],
      [2, 'list-shirt-m', { en: 'list-shirt' }],
    ]);
    expect(expanded.customer?.obj?.email).toBe('expand-owner@example.com');
    const page = await ok<Page<ShoppingListBody>>(
      api(server, admin, `/test/shopping-lists?where=${encodeURIComponent(`id = "${list.id}"`)}&expand=lineItems%5B*%5D.variant`),
    );
    expect(page.results[0].lineItems[1].variant?.sku).toBe('list-shirt-m');
    // The stored list is unchanged by an expanded read.
    expect((await ok<ShoppingListBody>(api(server, admin, `/test/shopping-lists/${list.id}`))).lineItems[0].variant).toBeUndefined();
  });
});

describe('update actions', () => {
  test('addLineItem adds to the same variant; an item without variantId is not the master variant by id; quantities change and remove', async () => {
    let list = await create({ lineItems: [{ productId: mug.id }] });
    list = await updated(list, [
      { action: 'addLineItem', productId: mug.id, quantity: 2 },
      { action: 'addLineItem', productId: mug.id, variantId: 1 },
      { action: 'addLineItem', sku: 'list-shirt-m', key: 'shirt-m' },
    ]);
    expect(list.lineItems.map((li) => [li.productId, li.variantId, li.quantity])).toEqual([
      [mug.id, undefined, 3],
      [mug.id, 1, 1],
      [shirt.id, 2, 1],
    ]);
    const [plain, byId] = list.lineItems;
    list = await updated(list, [
      { action: 'changeLineItemQuantity', lineItemKey: 'shirt-m', quantity: 5 },
      { action: 'removeLineItem', lineItemId: plain.id, quantity: 2 },
      { action: 'changeLineItemQuantity', lineItemId: byId.id, quantity: 0 },
    ]);
    expect(list.lineItems.map((li) => [li.key, li.quantity])).toEqual([
      [undefined, 1],
      ['shirt-m', 5],
    ]);
    list = await updated(list, [{ action: 'changeLineItemsOrder', lineItemOrder: [list.lineItems[1].id, list.lineItems[0].id] }]);
    expect(list.lineItems.map((li) => li.key)).toEqual(['shirt-m', undefined]);
    list = await updated(list, [{ action: 'removeLineItem', lineItemKey: 'shirt-m' }]);
    expect(list.lineItems).toHaveLength(1);
  });

  test('text line items: add, rename, describe, change quantity, reorder and remove', async () => {
    let list = await create();
    list = await updated(list, [
      { action: 'addTextLineItem', name: { en: 'Candles' }, key: 'candles', quantity: 2 },
      { action: 'addTextLineItem', name: { en: 'Card' }, description: { en: 'birthday' } },
    ]);
    const [candles, card] = list.textLineItems;
    list = await updated(list, [
      { action: 'changeTextLineItemName', textLineItemKey: 'candles', name: { en: 'Tea lights' } },
      { action: 'setTextLineItemDescription', textLineItemId: card.id },
      { action: 'changeTextLineItemQuantity', textLineItemId: candles.id, quantity: 6 },
      { action: 'changeTextLineItemsOrder', textLineItemOrder: [card.id, candles.id] },
    ]);
    expect(list.textLineItems.map((t) => [t.name.en, t.description, t.quantity])).toEqual([
      ['Card', undefined, 1],
      ['Tea lights', undefined, 6],
    ]);
    list = await updated(list, [
      { action: 'removeTextLineItem', textLineItemId: candles.id, quantity: 1 },
      { action: 'removeTextLineItem', textLineItemId: card.id },
    ]);
    expect(list.textLineItems.map((t) => [t.id, t.quantity])).toEqual([[candles.id, 5]]);
    await expectError(await update(list, [{ action: 'changeTextLineItemsOrder', textLineItemOrder: [] }]), 400, 'InvalidOperation');
  });

  test('the list fields: changeName, setDescription, setKey, setSlug, setCustomer, setAnonymousId, setStore, setDeleteDaysAfterLastModification', async () => {
    const customer = await createCustomer(server, admin, { email: 'set-customer@example.com', password: 'pw-123456' });
    await ok(api(server, admin, '/test/stores', { body: { key: 'set-store' } }), 201);
    const key = uniqueKey();
    let list = await create();
    list = await updated(list, [
      { action: 'changeName', name: { en: 'Gifts', de: 'Geschenke' } },
      { action: 'setDescription', description: { en: 'for the holidays' } },
      { action: 'setKey', key },
      { action: 'setSlug', slug: { en: `${key}-slug` } },
      { action: 'setCustomer', customer: { id: customer.id } },
      { action: 'setAnonymousId', anonymousId: 'visitor-1' },
      { action: 'setStore', store: { key: 'set-store' } },
      { action: 'setDeleteDaysAfterLastModification', deleteDaysAfterLastModification: 7 },
    ]);
    expect(list).toMatchObject({
      version: 2,
      key,
      name: { en: 'Gifts', de: 'Geschenke' },
      description: { en: 'for the holidays' },
      slug: { en: `${key}-slug` },
      customer: { typeId: 'customer', id: customer.id },
      anonymousId: 'visitor-1',
      store: { typeId: 'store', key: 'set-store' },
      deleteDaysAfterLastModification: 7,
    });
    // Each optional field left out is unset again.
    list = await updated(
      list,
      ['setDescription', 'setKey', 'setSlug', 'setCustomer', 'setAnonymousId', 'setStore', 'setDeleteDaysAfterLastModification'].map((action) => ({ action })),
    );
    for (const field of ['description', 'key', 'slug', 'customer', 'anonymousId', 'store', 'deleteDaysAfterLastModification'])
      expect(list).not.toHaveProperty(field);
  });

  test('setCustomType and setCustomField use a Type for shopping-list', async () => {
    await ok(
      api(server, admin, '/test/types', {
        body: {
          key: 'list-fields',
          name: { en: 'List fields' },
          resourceTypeIds: ['shopping-list'],
          fieldDefinitions: [{ name: 'occasion', label: { en: 'Occasion' }, required: false, type: { name: 'String' } }],
        },
      }),
      201,
    );
    let list = await create({ custom: { type: { key: 'list-fields' }, fields: { occasion: 'wedding' } } });
    expect(list.custom?.fields).toEqual({ occasion: 'wedding' });
    list = await updated(list, [{ action: 'setCustomField', name: 'occasion', value: 'birthday' }]);
    expect(list.custom?.fields).toEqual({ occasion: 'birthday' });
    await expectError(await update(list, [{ action: 'setCustomField', name: 'occasion', value: 3 }]), 400, 'InvalidField');
    list = await updated(list, [{ action: 'setCustomType' }]);
    expect(list.custom).toBeUndefined();
  });

  test('all or nothing: a failing action leaves the list unchanged; a stale version is 409; unknown items are 400', async () => {
    const list = await create({ lineItems: [{ productId: mug.id }] });
    await expectError(
      await update(list, [
        { action: 'changeName', name: { en: 'changed' } },
        { action: 'addLineItem', productId: 'gone' },
      ]),
      400,
      'ReferencedResourceNotFound',
    );
    const after = await ok<ShoppingListBody>(api(server, admin, `/test/shopping-lists/${list.id}`));
    expect([after.version, after.name]).toEqual([1, { en: 'Wishlist' }]);
    await expectError(await update(list, [{ action: 'removeLineItem', lineItemId: 'nope' }]), 400, 'InvalidOperation');
    await expectError(await update(list, [{ action: 'changeLineItemQuantity', quantity: 1 }]), 400, 'RequiredField');
    await expectError(await update(list, [{ action: 'setKey', key: 'x' }]), 400, 'InvalidField');
    await expectError(await update(list, [{ action: 'changeLineItemQuantity', lineItemId: list.lineItems[0].id, quantity: -1 }]), 400, 'InvalidField');
    await expectError(await update(list, [{ action: 'renameList' }]), 400, 'InvalidInput');
    await updated(list, [{ action: 'changeName', name: { en: 'v2' } }]);
    await expectError(await update(list, [{ action: 'changeName', name: { en: 'v3' } }]), 409, 'ConcurrentModification', { currentVersion: 2 });
    // By key, the same table.
    const keyed = await create({ key: uniqueKey() });
    expect((await ok<ShoppingListBody>(update(keyed, [{ action: 'changeName', name: { en: 'by key' } }], `key=${keyed.key}`))).name).toEqual({ en: 'by key' });
  });
});

describe('delete and scopes', () => {
  test('DELETE by id and by key at the expected version answers the deleted list; a stale version is 409', async () => {
    const byId = await create({ slug: { en: 'to-be-deleted' } });
    await expectError(await api(server, admin, `/test/shopping-lists/${byId.id}?version=2`, { method: 'DELETE' }), 409, 'ConcurrentModification');
    expect((await ok<ShoppingListBody>(api(server, admin, `/test/shopping-lists/${byId.id}?version=1`, { method: 'DELETE' }))).id).toBe(byId.id);
    await expectError(await api(server, admin, `/test/shopping-lists/${byId.id}`), 404, 'ResourceNotFound');
    // The deleted list's slug is free again.
    expect((await create({ slug: { en: 'to-be-deleted' } })).slug).toEqual({ en: 'to-be-deleted' });
    const byKey = await create({ key: uniqueKey() });
    expect((await ok<ShoppingListBody>(api(server, admin, `/test/shopping-lists/key=${byKey.key}?version=1&dataErasure=true`, { method: 'DELETE' }))).id).toBe(
      byKey.id,
    );
  });

  test('view_shopping_lists reads but cannot write; a token without a shopping list scope is refused', async () => {
    const list = await create();
    await expectError(await api(server, viewer, '/test/shopping-lists', { body: { name: { en: 'x' } } }), 403, 'insufficient_scope');
    await expectError(await api(server, viewer, `/test/shopping-lists/${list.id}`, { body: { version: 1, actions: [] } }), 403, 'insufficient_scope');
    await expectError(await api(server, viewer, `/test/shopping-lists/${list.id}?version=1`, { method: 'DELETE' }), 403, 'insufficient_scope');
    const orders = await clientToken(server, 'manage_orders:test');
    await expectError(await api(server, orders, '/test/shopping-lists'), 403, 'insufficient_scope');
  });
});
