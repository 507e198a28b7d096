import { api, clientToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { cents, create, money, nextSortOrder, update, updated, type Resource } from '../support/pricing.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface CartDiscount extends Resource {
  name: Record<string, string>;
  value: Record<string, unknown>;
  cartPredicate: string;
  target?: Record<string, unknown>;
  sortOrder: string;
  isActive: boolean;
  requiresDiscountCode: boolean;
  stackingMode: string;
  references: unknown[];
  validFrom?: string;
  validUntil?: string;
}

let server: TestServer;
let manager: string;
let keys = 0;

beforeAll(async () => {
  server = await startTestServer();
  manager = await clientToken(server, 'manage_cart_discounts:test manage_discount_codes:test');
});
afterAll(async () => {
  await server.close();
});

function draft(more: Record<string, unknown> = {}) {
  return {
    key: `discount-${++keys}`,
    name: { en: `Discount ${keys}` },
    value: { type: 'relative', permyriad: 1000 },
    cartPredicate: '1 = 1',
    target: { type: 'lineItems', predicate: 'sku = "shirt"' },
    sortOrder: nextSortOrder(),
    ...more,
  };
}
const newDiscount = (more: Record<string, unknown> = {}) => create<CartDiscount>(server, manager, 'cart-discounts', draft(more));

describe('create', () => {
  it('answers 201 with the platform defaults: active, Stacking, no code required, no references', async () => {
    const discount = await newDiscount({ value: { type: 'absolute', money: [money(500), money(600, 'USD')] } });
    expect(discount).toMatchObject({
      version: 1,
      isActive: true,
      stackingMode: 'Stacking',
      requiresDiscountCode: false,
      references: [],
      value: { type: 'absolute', money: [cents(500), cents(600, 'USD')] },
    });
  });

  it.each([
    ['a sort order outside (0, 1)', { sortOrder: '1.5' }, 'InvalidField', { field: 'sortOrder' }],
    ['a sort order with a trailing zero', { sortOrder: '0.50' }, 'InvalidField', { field: 'sortOrder' }],
    ['a malformed cart predicate', { cartPredicate: 'totalPrice >' }, 'InvalidInput', {}],
    ['a cart predicate on an unknown field', { cartPredicate: 'colour = "red"' }, 'InvalidInput', {}],
    ['money compared with a number', { cartPredicate: 'totalPrice > 10' }, 'InvalidInput', {}],
    ['a malformed target predicate', { target: { type: 'lineItems', predicate: 'sku = ' } }, 'InvalidInput', {}],
    ['a cart field in a line item predicate', { target: { type: 'lineItems', predicate: 'customer.email = "x"' } }, 'InvalidInput', {}],
    ['an absolute value without amounts', { value: { type: 'absolute', money: [] } }, 'InvalidOperation', {}],
    ['two amounts in one currency', { value: { type: 'absolute', money: [money(1), money(2)] } }, 'InvalidOperation', {}],
    ['a fixed value on the shipping', { value: { type: 'fixed', money: [money(1)] }, target: { type: 'shipping' } }, 'InvalidOperation', {}],
    ['a permyriad above 10000', { value: { type: 'relative', permyriad: 10001 } }, 'InvalidField', {}],
    ['no target (gift line items are not supported)', { target: undefined }, 'RequiredField', { field: 'target' }],
    ['validUntil before validFrom', { validFrom: '2030-01-02T00:00:00.000Z', validUntil: '2030-01-01T00:00:00.000Z' }, 'InvalidInput', {}],
  ])('%s is 400 %s', async (_what, change, code, fields) => {
    await expectError(await api(server, manager, '/test/cart-discounts', { body: draft(change) }), 400, code, fields);
  });

  it('a sort order another discount has is 400 DuplicateField', async () => {
    const discount = await newDiscount();
    await expectError(await api(server, manager, '/test/cart-discounts', { body: draft({ sortOrder: discount.sortOrder }) }), 400, 'DuplicateField', {
      field: 'sortOrder',
      duplicateValue: discount.sortOrder,
    });
  });
});

describe('update actions', () => {
  it('every change action, and the validity period', async () => {
    const discount = await newDiscount();
    const sortOrder = nextSortOrder();
    const next = await updated<CartDiscount>(server, manager, 'cart-discounts', discount, [
      { action: 'changeValue', value: { type: 'fixed', money: [money(999)] } },
      { action: 'changeCartPredicate', cartPredicate: 'lineItemCount(1 = 1) > 1' },
      { action: 'changeTarget', target: { type: 'customLineItems', predicate: 'slug = "gift"' } },
      { action: 'changeSortOrder', sortOrder },
      { action: 'changeIsActive', isActive: false },
      { action: 'changeName', name: { en: 'Renamed' } },
      { action: 'changeRequiresDiscountCode', requiresDiscountCode: true },
      { action: 'changeStackingMode', stackingMode: 'StopAfterThisDiscount' },
      { action: 'setDescription', description: { en: 'd' } },
      { action: 'setKey', key: 'renamed-discount' },
      { action: 'setValidFromAndUntil', validFrom: '2030-01-01T00:00:00.000Z', validUntil: '2031-01-01T00:00:00.000Z' },
    ]);
    expect(next).toMatchObject({
      version: 2,
      value: { type: 'fixed', money: [cents(999)] },
      cartPredicate: 'lineItemCount(1 = 1) > 1',
      target: { type: 'customLineItems', predicate: 'slug = "gift"' },
      sortOrder,
      isActive: false,
      name: { en: 'Renamed' },
      requiresDiscountCode: true,
      stackingMode: 'StopAfterThisDiscount',
      description: { en: 'd' },
      key: 'renamed-discount',
      validFrom: '2030-01-01T00:00:00.000Z',
      validUntil: '2031-01-01T00:00:00.000Z',
    });
    const cleared = await updated<CartDiscount>(server, manager, 'cart-discounts', next, [{ action: 'setValidUntil' }, { action: 'setDescription' }]);
    expect(cleared.validUntil).toBeUndefined();
    expect(cleared.validFrom).toBe('2030-01-01T00:00:00.000Z');
  });

  it('a fixed value cannot move to the total price (400 InvalidOperation), nothing changes', async () => {
    const discount = await newDiscount({ value: { type: 'fixed', money: [money(1)] } });
    await expectError(
      await update(server, manager, 'cart-discounts', discount.id, 1, [{ action: 'changeTarget', target: { type: 'totalPrice' } }]),
      400,
      'InvalidOperation',
    );
  });

  it('a predicate change is checked (400 InvalidInput)', async () => {
    const discount = await newDiscount();
    await expectError(
      await update(server, manager, 'cart-discounts', discount.id, 1, [{ action: 'changeCartPredicate', cartPredicate: 'lineItemExists(sku = 1)' }]),
      400,
      'InvalidInput',
    );
  });
});

describe('query', () => {
  it('where and sort by sortOrder', async () => {
    const a = await newDiscount({ requiresDiscountCode: true, sortOrder: '0.91' });
    const b = await newDiscount({ requiresDiscountCode: true, sortOrder: '0.9' });
    const res = await api(
      server,
      manager,
      `/test/cart-discounts?where=${encodeURIComponent('requiresDiscountCode = true and sortOrder > "0.8"')}&sort=sortOrder%20desc`,
    );
    expect(((await res.json()) as { results: CartDiscount[] }).results.map((d) => d.id)).toEqual([a.id, b.id]);
  });
});

describe('discount codes', () => {
  interface DiscountCode extends Resource {
    code: string;
    cartDiscounts: { typeId: string; id: string; obj?: CartDiscount }[];
    isActive: boolean;
    groups: string[];
    cartPredicate?: string;
  }
  const newCode = async (more: Record<string, unknown> = {}) => {
    const discount = await newDiscount({ requiresDiscountCode: true });
    return create<DiscountCode>(server, manager, 'discount-codes', {
      code: `CODE${++keys}`,
      cartDiscounts: [{ typeId: 'cart-discount', key: discount.key }],
      ...more,
    });
  };

  it('answers 201: cart discounts by id, active, no groups; the code is unique (400 DuplicateField)', async () => {
    const code = await newCode({ groups: ['spring', 'spring'], name: { en: 'Spring' } });
    expect(code).toMatchObject({ version: 1, isActive: true, groups: ['spring'], references: [], name: { en: 'Spring' } });
    expect(code.cartDiscounts).toEqual([{ typeId: 'cart-discount', id: expect.any(String) }]);
    await expectError(
      await api(server, manager, '/test/discount-codes', { body: { code: code.code, cartDiscounts: code.cartDiscounts } }),
      400,
      'DuplicateField',
      { field: 'code', duplicateValue: code.code },
    );
    const expanded = (await (await api(server, manager, `/test/discount-codes/${code.id}?expand=cartDiscounts[*]`)).json()) as DiscountCode;
    expect(expanded.cartDiscounts[0].obj?.requiresDiscountCode).toBe(true);
  });

  it('needs at least one existing cart discount; the predicate is checked', async () => {
    await expectError(await api(server, manager, '/test/discount-codes', { body: { code: 'NONE', cartDiscounts: [] } }), 400, 'InvalidField', {
      field: 'cartDiscounts',
    });
    await expectError(
      await api(server, manager, '/test/discount-codes', { body: { code: 'GONE', cartDiscounts: [{ id: 'nope' }] } }),
      400,
      'ReferencedResourceNotFound',
      { typeId: 'cart-discount' },
    );
    const discount = await newDiscount();
    await expectError(
      await api(server, manager, '/test/discount-codes', { body: { code: 'BAD', cartDiscounts: [{ id: discount.id }], cartPredicate: 'x =' } }),
      400,
      'InvalidInput',
    );
  });

  it('update actions', async () => {
    const code = await newCode();
    const other = await newDiscount({ requiresDiscountCode: true });
    const next = await updated<DiscountCode>(server, manager, 'discount-codes', code, [
      { action: 'changeCartDiscounts', cartDiscounts: [{ id: other.id }] },
      { action: 'changeGroups', groups: ['a', 'b'] },
      { action: 'changeIsActive', isActive: false },
      { action: 'setCartPredicate', cartPredicate: 'country = "DE"' },
      { action: 'setName', name: { en: 'n' } },
      { action: 'setDescription', description: { en: 'd' } },
      { action: 'setKey', key: 'code-key' },
      { action: 'setMaxApplications', maxApplications: 10 },
      { action: 'setMaxApplicationsPerCustomer', maxApplicationsPerCustomer: 1 },
      { action: 'setValidFrom', validFrom: '2030-01-01T00:00:00.000Z' },
    ]);
    expect(next).toMatchObject({
      cartDiscounts: [{ typeId: 'cart-discount', id: other.id }],
      groups: ['a', 'b'],
      isActive: false,
      cartPredicate: 'country = "DE"',
      name: { en: 'n' },
      description: { en: 'd' },
      key: 'code-key',
      maxApplications: 10,
      maxApplicationsPerCustomer: 1,
      validFrom: '2030-01-01T00:00:00.000Z',
    });
    expect((await api(server, manager, '/test/discount-codes/key=code-key')).status).toBe(200);
    await expectError(
      await update(server, manager, 'discount-codes', next.id, next.version, [{ action: 'setValidUntil', validUntil: '2029-01-01T00:00:00.000Z' }]),
      400,
      'InvalidInput',
    );
  });

  it('a cart discount a code names cannot be deleted (400 ReferenceExists) until the code is gone', async () => {
    const code = await newCode();
    const discountId = code.cartDiscounts[0].id;
    await expectError(await api(server, manager, `/test/cart-discounts/${discountId}?version=1`, { method: 'DELETE' }), 400, 'ReferenceExists', {
      referencedBy: 'discount-code',
    });
    expect((await api(server, manager, `/test/discount-codes/${code.id}?version=1`, { method: 'DELETE' })).status).toBe(200);
    expect((await api(server, manager, `/test/cart-discounts/${discountId}?version=1`, { method: 'DELETE' })).status).toBe(200);
  });

  it('query by code', async () => {
    const code = await newCode();
    const page = (await (await api(server, manager, `/test/discount-codes?where=${encodeURIComponent(`code = "${code.code}"`)}`)).json()) as {
      results: DiscountCode[];
    };
    expect(page.results.map((c) => c.id)).toEqual([code.id]);
  });
});

describe('scopes', () => {
  it('view_cart_discounts reads; manage_orders writes cart discounts and discount codes; view_discount_codes cannot write', async () => {
    const discount = await newDiscount();
    expect((await api(server, await clientToken(server, 'view_cart_discounts:test'), `/test/cart-discounts/${discount.id}`)).status).toBe(200);
    const orders = await clientToken(server, 'manage_orders:test');
    expect((await api(server, orders, '/test/cart-discounts', { body: draft() })).status).toBe(201);
    expect((await api(server, orders, '/test/discount-codes', { body: { code: 'ORDERS', cartDiscounts: [{ id: discount.id }] } })).status).toBe(201);
    await expectError(
      await api(server, await clientToken(server, 'view_discount_codes:test'), '/test/discount-codes', {
        body: { code: 'NO', cartDiscounts: [{ id: discount.id }] },
      }),
      403,
      'insufficient_scope',
    );
    await expectError(await api(server, await clientToken(server, 'view_products:test'), `/test/cart-discounts/${discount.id}`), 403, 'insufficient_scope');
  });
});
