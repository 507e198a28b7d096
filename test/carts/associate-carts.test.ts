import { api, clientToken, customerToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { associate, Fixtures, type UnitBody } from '../business-units/support.js';
import { anonymousSession } from './support.js';

/**
 * Associate Carts (`/{projectKey}/as-associate/{associateId}/in-business-unit/key={businessUnitKey}/carts`):
 * the carts of one business unit, as a customer acting for it with the permissions its roles give it
 * there, and the cart's `businessUnit` on the general endpoints.
 */
interface CartBody {
  id: string;
  version: number;
  key?: string;
  customerId?: string;
  customerEmail?: string;
  businessUnit?: { typeId: string; key: string };
  store?: { key: string };
  createdBy?: Record<string, unknown>;
  lastModifiedBy?: Record<string, unknown>;
}
interface CartPage {
  total?: number;
  count: number;
  results: CartBody[];
}

const MY = ['ViewMyCarts', 'CreateMyCarts', 'UpdateMyCarts', 'DeleteMyCarts'];
const OTHERS = ['ViewOthersCarts', 'CreateOthersCarts', 'UpdateOthersCarts', 'DeleteOthersCarts'];

let server: TestServer;
let f: Fixtures;
/** An API client acting for associates (the associate is the path's). */
let token: string;
let buyerRole: string;
let managerRole: string;
let unrelatedRole: string;
let buyer: string;
let manager: string;
let bystander: string;
let outsider: string;
let company: UnitBody;
let other: UnitBody;

const at = (associateId: string, unitKey: string, rest = '') => `/test/as-associate/${associateId}/in-business-unit/key=${unitKey}/carts${rest}`;

beforeAll(async () => {
  server = await startTestServer();
  f = new Fixtures(server, await clientToken(server, 'manage_project:test'));
  token = await clientToken(server, 'manage_orders:test view_orders:test');
  buyerRole = await f.role(MY);
  managerRole = await f.role([...MY, ...OTHERS]);
  unrelatedRole = await f.role(['UpdateBusinessUnitDetails']);
  [buyer, manager, bystander, outsider] = [await f.customer(), await f.customer(), await f.customer(), await f.customer()];
  company = await f.unit({ associates: [associate(buyer, [buyerRole]), associate(manager, [managerRole]), associate(bystander, [unrelatedRole])] });
  other = await f.unit({ associates: [associate(buyer, [buyerRole])] });
});
afterAll(() => server.close());

function create(associateId: string, unitKey: string, draft: Record<string, unknown> = {}): Promise<Response> {
  return api(server, token, at(associateId, unitKey), { body: { currency: 'EUR', ...draft } });
}

async function cartOf(associateId: string, unitKey: string, draft: Record<string, unknown> = {}): Promise<CartBody> {
  return f.ok<CartBody>(create(associateId, unitKey, draft), 201);
}

async function cartCount(): Promise<number> {
  return (await f.ok<CartPage>(api(server, f.admin, '/test/carts?limit=0'))).total!;
}

describe('creating a cart as an associate', () => {
  test("the cart is the associate's own in the path's unit, whatever unit the draft names; createdBy names the associate", async () => {
    const cart = await cartOf(buyer, company.key, { key: f.next('cart'), businessUnit: { key: other.key } });
    expect(cart).toMatchObject({ customerId: buyer, businessUnit: { typeId: 'business-unit', key: company.key } });
    expect(cart.createdBy).toMatchObject({ associate: { typeId: 'customer', id: buyer } });
    const stored = await f.ok<CartBody>(api(server, f.admin, `/test/carts/${cart.id}`));
    expect(stored.businessUnit).toEqual({ typeId: 'business-unit', key: company.key });
  });

  test('a cart for another customer needs CreateOthersCarts (403 naming that customer); that customer must be an associate of the unit', async () => {
    const before = await cartCount();
    await expectError(await create(buyer, company.key, { customerId: manager }), 403, 'AssociateMissingPermission', {
      associate: { typeId: 'customer', id: buyer },
      businessUnit: { typeId: 'business-unit', key: company.key },
      associateOnBehalf: { typeId: 'customer', id: manager },
      permissions: ['CreateOthersCarts'],
    });
    await expectError(await create(manager, company.key, { customerId: outsider }), 400, 'InvalidOperation');
    expect(await cartCount()).toBe(before);
    const forBuyer = await cartOf(manager, company.key, { customerId: buyer });
    expect(forBuyer).toMatchObject({ customerId: buyer, createdBy: { associate: { typeId: 'customer', id: manager } } });
  });

  test('an associate without cart permissions, a customer outside the unit and an unknown unit are refused', async () => {
    await expectError(await create(bystander, company.key), 403, 'AssociateMissingPermission', { permissions: ['CreateMyCarts'] });
    await expectError(await create(outsider, company.key), 403, 'AssociateMissingPermission');
    await expectError(await create(buyer, 'no-such-unit'), 404, 'ResourceNotFound');
  });

  test('a token with view_orders only may read but not create (403 insufficient_scope)', async () => {
    const viewer = await clientToken(server, 'view_orders:test');
    const res = await api(server, viewer, at(buyer, company.key), { body: { currency: 'EUR' } });
    expect(res.status).toBe(403);
    expect((await api(server, viewer, at(buyer, company.key))).status).toBe(200);
  });
});

describe('reading carts as an associate', () => {
  let own: CartBody;
  let managers: CartBody;
  let elsewhere: CartBody;
  beforeAll(async () => {
    own = await cartOf(buyer, company.key, { key: f.next('own') });
    managers = await cartOf(manager, company.key, { key: f.next('managers') });
    elsewhere = await cartOf(buyer, other.key, { key: f.next('elsewhere') });
  });

  test("by id and by key: the associate's own with ViewMyCarts, another's only with ViewOthersCarts", async () => {
    expect((await f.ok<CartBody>(api(server, token, at(buyer, company.key, `/${own.id}`)))).id).toBe(own.id);
    expect((await f.ok<CartBody>(api(server, token, at(buyer, company.key, `/key=${own.key}`)))).id).toBe(own.id);
    await expectError(await api(server, token, at(buyer, company.key, `/${managers.id}`)), 403, 'AssociateMissingPermission', {
      associateOnBehalf: { typeId: 'customer', id: manager },
      permissions: ['ViewOthersCarts'],
    });
    expect((await f.ok<CartBody>(api(server, token, at(manager, company.key, `/key=${own.key}`)))).customerId).toBe(buyer);
    await expectError(await api(server, token, at(bystander, company.key, `/${own.id}`)), 403, 'AssociateMissingPermission', {
      permissions: ['ViewOthersCarts'],
    });
  });

  test('a cart of another unit is 400 InvalidOperation (as documented), an unknown one 404; HEAD answers 404 for both', async () => {
    await expectError(await api(server, token, at(buyer, company.key, `/${elsewhere.id}`)), 400, 'InvalidOperation');
    await expectError(await api(server, token, at(buyer, company.key, '/no-such-cart')), 404, 'ResourceNotFound');
    await expectError(await api(server, token, at(buyer, company.key, '/key=no-such-cart')), 404, 'ResourceNotFound');
    const head = (path: string) => server.request(path, { method: 'HEAD', headers: { Authorization: `Bearer ${token}` } });
    expect((await head(at(buyer, company.key, `/${own.id}`))).status).toBe(200);
    expect((await head(at(buyer, company.key, `/key=${own.key}`))).status).toBe(200);
    expect((await head(at(buyer, company.key, `/${elsewhere.id}`))).status).toBe(404);
    expect((await head(at(buyer, company.key, '/no-such-cart'))).status).toBe(404);
    expect((await head(at(buyer, company.key, `/${managers.id}`))).status).toBe(403);
  });

  test("a query sees the unit's carts: all of them with ViewOthersCarts, the associate's own with ViewMyCarts alone; paging and total count only those", async () => {
    const mine = await f.ok<CartPage>(api(server, token, at(buyer, company.key, '?limit=1')));
    const all = await f.ok<CartPage>(api(server, token, at(manager, company.key, '?limit=500')));
    expect(mine.count).toBe(1);
    const buyerCarts = all.results.filter((cart) => cart.customerId === buyer).length;
    expect(mine.total).toBe(buyerCarts);
    expect(all.total).toBe(all.results.length);
    expect(all.results.map((cart) => cart.id)).toEqual(expect.arrayContaining([own.id, managers.id]));
    expect(all.results.every((cart) => cart.businessUnit?.key === company.key)).toBe(true);
    expect(all.results.map((cart) => cart.id)).not.toContain(elsewhere.id);
    const byKey = await f.ok<CartPage>(api(server, token, at(manager, company.key, `?where=${encodeURIComponent(`key="${managers.key}"`)}`)));
    expect(byKey.results.map((cart) => cart.id)).toEqual([managers.id]);
    const hidden = await f.ok<CartPage>(api(server, token, at(buyer, company.key, `?where=${encodeURIComponent(`key="${managers.key}"`)}`)));
    expect(hidden.total).toBe(0);
    await expectError(await api(server, token, at(bystander, company.key)), 403, 'AssociateMissingPermission', {
      permissions: ['ViewMyCarts', 'ViewOthersCarts'],
    });
    const head = (path: string) => server.request(path, { method: 'HEAD', headers: { Authorization: `Bearer ${token}` } });
    expect((await head(at(manager, company.key, `?where=${encodeURIComponent(`key="${managers.key}"`)}`))).status).toBe(200);
    expect((await head(at(buyer, company.key, `?where=${encodeURIComponent(`key="${managers.key}"`)}`))).status).toBe(404);
  });

  test('the general endpoints find carts by their unit with a predicate', async () => {
    const page = await f.ok<CartPage>(api(server, f.admin, `/test/carts?where=${encodeURIComponent(`businessUnit(key="${other.key}")`)}`));
    expect(page.results.map((cart) => cart.id)).toEqual([elsewhere.id]);
  });
});

describe('changing carts as an associate', () => {
  test("updates need UpdateMyCarts on the associate's own cart and UpdateOthersCarts on another's; lastModifiedBy names the associate", async () => {
    const own = await cartOf(buyer, company.key);
    const email = f.next('buyer') + '@example.com';
    const updated = await f.ok<CartBody>(
      api(server, token, at(buyer, company.key, `/${own.id}`), { body: { version: own.version, actions: [{ action: 'setCustomerEmail', email }] } }),
    );
    expect(updated).toMatchObject({ version: own.version + 1, customerEmail: email, lastModifiedBy: { associate: { typeId: 'customer', id: buyer } } });
    const managers = await cartOf(manager, company.key);
    await expectError(
      await api(server, token, at(buyer, company.key, `/${managers.id}`), {
        body: { version: managers.version, actions: [{ action: 'setCustomerEmail', email }] },
      }),
      403,
      'AssociateMissingPermission',
      { permissions: ['UpdateOthersCarts'], associateOnBehalf: { typeId: 'customer', id: manager } },
    );
    // Giving the own cart to another customer is acting for that customer.
    await expectError(
      await api(server, token, at(buyer, company.key, `/${updated.id}`), {
        body: { version: updated.version, actions: [{ action: 'setCustomerId', customerId: manager }] },
      }),
      403,
      'AssociateMissingPermission',
      { permissions: ['UpdateOthersCarts'] },
    );
    await expectError(
      await api(server, token, at(buyer, company.key, `/${updated.id}`), { body: { version: own.version, actions: [{ action: 'setCustomerEmail', email }] } }),
      409,
      'ConcurrentModification',
      { currentVersion: updated.version },
    );
    const byManager = await f.ok<CartBody>(
      api(server, token, at(manager, company.key, `/${updated.id}`), {
        body: { version: updated.version, actions: [{ action: 'setCustomerId', customerId: manager }] },
      }),
    );
    expect(byManager.customerId).toBe(manager);
  });

  test('all or nothing: a last action refused while applying (a customer outside the unit) leaves the cart as it was', async () => {
    const own = await cartOf(buyer, company.key);
    const res = await api(server, token, at(manager, company.key, `/${own.id}`), {
      body: {
        version: own.version,
        actions: [
          { action: 'setKey', key: f.next('half') },
          { action: 'setCustomerId', customerId: outsider },
        ],
      },
    });
    await expectError(res, 400, 'InvalidOperation');
    const stored = await f.ok<CartBody>(api(server, f.admin, `/test/carts/${own.id}`));
    expect(stored).toMatchObject({ version: own.version, customerId: buyer });
    expect(stored.key).toBeUndefined();
  });

  test('setBusinessUnit moves a cart only into a unit where the associate may update it too', async () => {
    const own = await cartOf(buyer, company.key);
    const moved = await f.ok<CartBody>(
      api(server, token, at(buyer, company.key, `/${own.id}`), {
        body: { version: own.version, actions: [{ action: 'setBusinessUnit', businessUnit: { key: other.key } }] },
      }),
    );
    expect(moved.businessUnit).toEqual({ typeId: 'business-unit', key: other.key });
    const managers = await cartOf(manager, company.key);
    const res = await api(server, token, at(manager, company.key, `/${managers.id}`), {
      body: { version: managers.version, actions: [{ action: 'setBusinessUnit', businessUnit: { key: other.key } }] },
    });
    await expectError(res, 403, 'AssociateMissingPermission', { businessUnit: { typeId: 'business-unit', key: other.key } });
  });

  test("deleting needs DeleteMyCarts on the associate's own cart and DeleteOthersCarts on another's", async () => {
    const own = await cartOf(buyer, company.key);
    const managers = await cartOf(manager, company.key);
    await expectError(
      await api(server, token, at(buyer, company.key, `/${managers.id}?version=${managers.version}`), { method: 'DELETE' }),
      403,
      'AssociateMissingPermission',
      {
        permissions: ['DeleteOthersCarts'],
      },
    );
    expect((await api(server, token, at(buyer, company.key, `/key=no-such-cart?version=1`), { method: 'DELETE' })).status).toBe(404);
    await f.ok(api(server, token, at(buyer, company.key, `/${own.id}?version=${own.version}`), { method: 'DELETE' }));
    await f.ok(api(server, token, at(manager, company.key, `/${managers.id}?version=${managers.version}`), { method: 'DELETE' }));
    expect((await api(server, f.admin, `/test/carts/${own.id}`)).status).toBe(404);
    expect((await api(server, f.admin, `/test/carts/${managers.id}`)).status).toBe(404);
  });
});

describe('replicating as an associate', () => {
  test("a cart of the unit the associate may see and create for; another unit's is 400, another's without ViewOthersCarts 403", async () => {
    const own = await cartOf(buyer, company.key, { key: f.next('source') });
    const replica = await f.ok<CartBody>(
      api(server, token, at(buyer, company.key, '/replicate'), { body: { reference: { typeId: 'cart', id: own.id } } }),
      201,
    );
    expect(replica.id).not.toBe(own.id);
    expect(replica).toMatchObject({ customerId: buyer, businessUnit: { key: company.key }, createdBy: { associate: { id: buyer } } });
    const managers = await cartOf(manager, company.key);
    await expectError(
      await api(server, token, at(buyer, company.key, '/replicate'), { body: { reference: { typeId: 'cart', id: managers.id } } }),
      403,
      'AssociateMissingPermission',
      {
        permissions: ['ViewOthersCarts'],
      },
    );
    const elsewhere = await cartOf(buyer, other.key);
    await expectError(
      await api(server, token, at(buyer, company.key, '/replicate'), { body: { reference: { typeId: 'cart', id: elsewhere.id } } }),
      400,
      'InvalidOperation',
    );
    await expectError(
      await api(server, token, at(buyer, company.key, '/replicate'), { body: { reference: { typeId: 'cart', id: 'no-such-cart' } } }),
      400,
      'ReferencedResourceNotFound',
    );
  });
});

describe('permissions come from the roles as they are now', () => {
  test('a role inherited from the parent unit counts in a Division that takes its parent’s associates', async () => {
    const inheritor = await f.customer();
    const parent = await f.unit({ associates: [associate(inheritor, [buyerRole], 'Enabled')] });
    const division = await f.division(parent.key, { associateMode: 'ExplicitAndFromParent' });
    const cart = await cartOf(inheritor, division.key);
    expect(cart.businessUnit?.key).toBe(division.key);
    const closed = await f.division(parent.key, { associateMode: 'Explicit' });
    await expectError(await create(inheritor, closed.key), 403, 'AssociateMissingPermission');
  });

  test('removing a permission from a role takes effect on the next request', async () => {
    const role = await f.role(MY);
    const customer = await f.customer();
    const unit = await f.unit({ associates: [associate(customer, [role])] });
    await cartOf(customer, unit.key);
    const current = await f.ok<{ version: number }>(api(server, f.admin, `/test/associate-roles/key=${role}`));
    await f.ok(
      api(server, f.admin, `/test/associate-roles/key=${role}`, {
        body: { version: current.version, actions: [{ action: 'removePermission', permission: 'CreateMyCarts' }] },
      }),
    );
    await expectError(await create(customer, unit.key), 403, 'AssociateMissingPermission', { permissions: ['CreateMyCarts'] });
  });

  test("an Inactive unit's carts can be read but not created, changed or deleted", async () => {
    const customer = await f.customer();
    const unit = await f.unit({ associates: [associate(customer, [managerRole])] });
    const cart = await cartOf(customer, unit.key);
    const current = await f.get(unit.key);
    await f.ok(f.update(unit.key, current.version, [{ action: 'changeStatus', status: 'Inactive' }]));
    expect((await f.ok<CartBody>(api(server, token, at(customer, unit.key, `/${cart.id}`)))).id).toBe(cart.id);
    await expectError(await create(customer, unit.key), 400, 'InvalidOperation');
    await expectError(
      await api(server, token, at(customer, unit.key, `/${cart.id}`), { body: { version: cart.version, actions: [{ action: 'setKey', key: 'k1' }] } }),
      400,
      'InvalidOperation',
    );
    await expectError(await api(server, token, at(customer, unit.key, `/${cart.id}?version=${cart.version}`), { method: 'DELETE' }), 400, 'InvalidOperation');
  });
});

describe("a cart's business unit on the general endpoints", () => {
  test('a draft names the unit by id or key; the customer must be its associate and the store one of its stores', async () => {
    const store = await f.store();
    const otherStore = await f.store();
    const unit = await f.unit({ stores: [{ key: store }], associates: [associate(buyer, [buyerRole])] });
    const byId = await f.ok<CartBody>(
      api(server, f.admin, '/test/carts', {
        body: { currency: 'EUR', customerId: buyer, businessUnit: { typeId: 'business-unit', id: unit.id }, store: { key: store } },
      }),
      201,
    );
    expect(byId.businessUnit).toEqual({ typeId: 'business-unit', key: unit.key });
    const before = await cartCount();
    await expectError(
      await api(server, f.admin, '/test/carts', { body: { currency: 'EUR', customerId: outsider, businessUnit: { key: unit.key } } }),
      400,
      'InvalidOperation',
    );
    await expectError(
      await api(server, f.admin, '/test/carts', { body: { currency: 'EUR', businessUnit: { key: unit.key }, store: { key: otherStore } } }),
      400,
      'InvalidOperation',
    );
    await expectError(
      await api(server, f.admin, '/test/carts', { body: { currency: 'EUR', businessUnit: { key: 'no-such-unit' } } }),
      400,
      'ReferencedResourceNotFound',
    );
    expect(await cartCount()).toBe(before);
  });

  test('a unit that carts still name is not deleted (a new unit with its key would take them over)', async () => {
    const unit = await f.unit({ associates: [associate(buyer, [buyerRole])] });
    const cart = await cartOf(buyer, unit.key);
    const current = await f.get(unit.key);
    await expectError(
      await api(server, f.admin, `/test/business-units/key=${unit.key}?version=${current.version}`, { method: 'DELETE' }),
      400,
      'ReferenceExists',
      { referencedBy: 'cart' },
    );
    await f.ok(api(server, f.admin, `/test/carts/${cart.id}?version=${cart.version}`, { method: 'DELETE' }));
    await f.ok(api(server, f.admin, `/test/business-units/key=${unit.key}?version=${current.version}`, { method: 'DELETE' }));
  });

  test('nor a unit that an order or a shopping list still names, nor one with a child unit', async () => {
    const unit = await f.unit({ associates: [associate(buyer, [buyerRole])] });
    const cart = await cartOf(buyer, unit.key);
    await f.ok(api(server, f.admin, '/test/orders', { body: { cart: { id: cart.id }, version: cart.version } }), 201);
    const ordered = await f.ok<CartBody>(api(server, f.admin, `/test/carts/${cart.id}`));
    await f.ok(api(server, f.admin, `/test/carts/${cart.id}?version=${ordered.version}`, { method: 'DELETE' }));
    const refuse = async (referencedBy: string) =>
      expectError(
        await api(server, f.admin, `/test/business-units/key=${unit.key}?version=${(await f.get(unit.key)).version}`, { method: 'DELETE' }),
        400,
        'ReferenceExists',
        { referencedBy },
      );
    await refuse('order');
    const lonely = await f.unit({ associates: [associate(buyer, [buyerRole])] });
    await f.ok(api(server, f.admin, '/test/shopping-lists', { body: { name: { en: 'l' }, customer: { id: buyer }, businessUnit: { key: lonely.key } } }), 201);
    await expectError(
      await api(server, f.admin, `/test/business-units/key=${lonely.key}?version=${(await f.get(lonely.key)).version}`, { method: 'DELETE' }),
      400,
      'ReferenceExists',
      { referencedBy: 'shopping-list' },
    );
    const parent = await f.unit({});
    await f.division(parent.key);
    await expectError(
      await api(server, f.admin, `/test/business-units/key=${parent.key}?version=${(await f.get(parent.key)).version}`, { method: 'DELETE' }),
      400,
      'ReferenceExists',
      { referencedBy: 'business-unit' },
    );
  });

  test('setBusinessUnit needs a cart that has a unit; setCustomerId on such a cart needs an associate of it', async () => {
    const plain = await f.ok<CartBody>(api(server, f.admin, '/test/carts', { body: { currency: 'EUR' } }), 201);
    await expectError(
      await api(server, f.admin, `/test/carts/${plain.id}`, {
        body: { version: plain.version, actions: [{ action: 'setBusinessUnit', businessUnit: { key: company.key } }] },
      }),
      400,
      'InvalidOperation',
    );
    const cart = await f.ok<CartBody>(
      api(server, f.admin, '/test/carts', { body: { currency: 'EUR', customerId: buyer, businessUnit: { key: company.key } } }),
      201,
    );
    await expectError(
      await api(server, f.admin, `/test/carts/${cart.id}`, { body: { version: cart.version, actions: [{ action: 'setCustomerId', customerId: outsider }] } }),
      400,
      'InvalidOperation',
    );
    const moved = await f.ok<CartBody>(
      api(server, f.admin, `/test/carts/${cart.id}`, {
        body: { version: cart.version, actions: [{ action: 'setBusinessUnit', businessUnit: { key: other.key } }] },
      }),
    );
    expect(moved.businessUnit?.key).toBe(other.key);
  });
});

describe('Associate Orders', () => {
  interface OrderBody {
    id: string;
    customerId?: string;
    businessUnit?: { typeId: string; key: string };
    cart: { id: string };
  }
  const orders = (associateId: string, unitKey: string, rest = '') => `/test/as-associate/${associateId}/in-business-unit/key=${unitKey}/orders${rest}`;
  const order = (associateId: string, unitKey: string, cart: CartBody) =>
    api(server, token, orders(associateId, unitKey), { body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version } });

  test("ordering a cart of the unit: the associate's own with CreateMyOrdersFromMyCarts, another's with CreateOrdersFromOthersCarts; the order keeps the unit", async () => {
    const orderer = await f.role(['CreateMyOrdersFromMyCarts', 'ViewMyOrders', ...MY]);
    const [own, colleague] = [await f.customer(), await f.customer()];
    const unit = await f.unit({ associates: [associate(own, [orderer]), associate(colleague, [orderer])] });
    const mine = await cartOf(own, unit.key);
    const theirs = await cartOf(colleague, unit.key);
    await expectError(await order(own, unit.key, theirs), 403, 'AssociateMissingPermission', {
      permissions: ['CreateOrdersFromOthersCarts'],
      associateOnBehalf: { typeId: 'customer', id: colleague },
    });
    expect((await f.ok<CartBody & { cartState: string }>(api(server, f.admin, `/test/carts/${theirs.id}`))).cartState).toBe('Active');
    const placed = await f.ok<OrderBody>(order(own, unit.key, mine), 201);
    expect(placed).toMatchObject({ customerId: own, businessUnit: { typeId: 'business-unit', key: unit.key }, cart: { id: mine.id } });
    expect((await f.ok<OrderBody>(api(server, token, orders(own, unit.key, `/${placed.id}`)))).id).toBe(placed.id);
    await expectError(await api(server, token, orders(bystander, company.key)), 403, 'AssociateMissingPermission', {
      permissions: ['ViewMyOrders', 'ViewOthersOrders'],
    });
    // Another unit's cart, and this order seen through another unit: 400 InvalidOperation.
    const elsewhere = await cartOf(buyer, other.key);
    await expectError(await order(own, unit.key, elsewhere), 400, 'InvalidOperation');
    await expectError(await api(server, token, orders(buyer, other.key, `/${placed.id}`)), 400, 'InvalidOperation');
    await expectError(await api(server, token, orders(own, unit.key, '/no-such-order')), 404, 'ResourceNotFound');
  });

  test("a query sees the unit's orders: the associate's own with ViewMyOrders alone, all of them with ViewOthersOrders", async () => {
    const myOrders = await f.role(['CreateMyOrdersFromMyCarts', 'ViewMyOrders', ...MY]);
    const allOrders = await f.role(['CreateMyOrdersFromMyCarts', 'ViewOthersOrders', ...MY]);
    const [one, two] = [await f.customer(), await f.customer()];
    const unit = await f.unit({ associates: [associate(one, [myOrders]), associate(two, [allOrders])] });
    const first = await f.ok<OrderBody>(order(one, unit.key, await cartOf(one, unit.key)), 201);
    const second = await f.ok<OrderBody>(order(two, unit.key, await cartOf(two, unit.key)), 201);
    // An order of another unit, placed by the merchant, is not among them.
    const elsewhere = await cartOf(buyer, other.key);
    await f.ok(api(server, f.admin, '/test/orders', { body: { cart: { id: elsewhere.id }, version: elsewhere.version } }), 201);
    const own = await f.ok<{ total: number; results: OrderBody[] }>(api(server, token, orders(one, unit.key)));
    expect(own.results.map((o) => o.id)).toEqual([first.id]);
    expect(own.total).toBe(1);
    const all = await f.ok<{ total: number; results: OrderBody[] }>(api(server, token, orders(two, unit.key, '?sort=createdAt%20asc')));
    expect(all.results.map((o) => o.id)).toEqual([first.id, second.id]);
    await expectError(await api(server, token, orders(one, unit.key, `/${second.id}`)), 403, 'AssociateMissingPermission', {
      permissions: ['ViewOthersOrders'],
    });
  });

  test("an Inactive unit's carts cannot be ordered here", async () => {
    const orderer = await f.role(['CreateMyOrdersFromMyCarts', ...MY]);
    const customer = await f.customer();
    const unit = await f.unit({ associates: [associate(customer, [orderer])] });
    const cart = await cartOf(customer, unit.key);
    const current = await f.get(unit.key);
    await f.ok(f.update(unit.key, current.version, [{ action: 'changeStatus', status: 'Inactive' }]));
    await expectError(await order(customer, unit.key, cart), 400, 'InvalidOperation');
  });
});

describe("a signed-in customer's own cart or list of a business unit (/me)", () => {
  test('the customer must be an associate of the unit; an anonymous session cannot name one; GraphQL createMyCart takes it too', async () => {
    const email = `${f.next('me')}@example.com`;
    const id = (await f.ok<{ customer: { id: string } }>(api(server, f.admin, '/test/customers', { body: { email, password: 'pw-123456' } }), 201)).customer.id;
    const listMaker = await f.role(['CreateMyShoppingLists']);
    const unit = await f.unit({ associates: [associate(id, [buyerRole, listMaker])] });
    const cartsOnly = await f.unit({ associates: [associate(id, [buyerRole])] });
    const me = await customerToken(server, email, 'pw-123456', undefined, 'manage_my_profile:test manage_my_orders:test manage_my_shopping_lists:test');
    // An associate without CreateMyShoppingLists in a unit makes no list of it through /me either.
    await expectError(
      await api(server, me, '/test/me/shopping-lists', { body: { name: { en: 'No' }, businessUnit: { key: cartsOnly.key } } }),
      403,
      'AssociateMissingPermission',
    );
    const cart = await f.ok<CartBody>(api(server, me, '/test/me/carts', { body: { currency: 'EUR', businessUnit: { key: unit.key } } }), 201);
    expect(cart).toMatchObject({ customerId: id, businessUnit: { typeId: 'business-unit', key: unit.key } });
    await expectError(await api(server, me, '/test/me/carts', { body: { currency: 'EUR', businessUnit: { key: company.key } } }), 400, 'InvalidOperation');
    const list = await f.ok<{ businessUnit?: { key: string } }>(
      api(server, me, '/test/me/shopping-lists', { body: { name: { en: 'Mine' }, businessUnit: { key: unit.key } } }),
      201,
    );
    expect(list.businessUnit?.key).toBe(unit.key);
    await expectError(
      await api(server, me, '/test/me/shopping-lists', { body: { name: { en: 'Not mine' }, businessUnit: { key: company.key } } }),
      400,
      'InvalidOperation',
    );

    const anonymous = await anonymousSession(server);
    await expectError(
      await api(server, anonymous.token, '/test/me/carts', { body: { currency: 'EUR', businessUnit: { key: unit.key } } }),
      400,
      'InvalidOperation',
    );

    const res = await api(server, me, '/test/graphql', {
      body: { query: `mutation { createMyCart(draft: { currency: "EUR", businessUnit: { key: "${unit.key}" } }) { id businessUnitRef { key } } }` },
    });
    const body = (await res.json()) as { data?: { createMyCart: { businessUnitRef: { key: string } } }; errors?: unknown };
    expect(body.errors).toBeUndefined();
    expect(body.data?.createMyCart.businessUnitRef.key).toBe(unit.key);
  });
});
