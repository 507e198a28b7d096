import { api, clientToken, customerToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { associate, Fixtures } from '../business-units/support.js';

/**
 * The quote negotiation over HTTP: a buyer's quote request (/me, as an associate, or the merchant's),
 * the seller's staged quote with its quotation cart, the quote, renegotiation, and the order of a quote.
 */
interface Money {
  currencyCode: string;
  centAmount: number;
}
interface Doc {
  id: string;
  version: number;
  key?: string;
}
interface QuoteRequestBody extends Doc {
  quoteRequestState: string;
  comment?: string;
  customer: { typeId: string; id: string };
  cart?: { typeId: string; id: string };
  businessUnit?: { key: string };
  customLineItems: Array<{ slug: string; money: Money; quantity: number }>;
  totalPrice: Money;
  createdBy?: Record<string, unknown>;
}
interface StagedQuoteBody extends Doc {
  stagedQuoteState: string;
  quoteRequest: { id: string };
  quotationCart: { id: string };
  customer?: { id: string };
  businessUnit?: { key: string };
}
interface QuoteBody extends Doc {
  quoteState: string;
  quoteRequest: { id: string };
  stagedQuote: { id: string };
  customer?: { id: string };
  sellerComment?: string;
  buyerComment?: string;
  validTo?: string;
  totalPrice: Money;
  businessUnit?: { key: string };
}
interface CartBody extends Doc {
  cartState: string;
  origin: string;
  customerId?: string;
  totalPrice: Money;
  customLineItems: Array<{ id: string; slug: string; money: Money }>;
}
interface OrderBody extends Doc {
  origin: string;
  quote?: { typeId: string; id: string };
  cart: { id: string };
  customerId?: string;
  totalPrice: Money;
  businessUnit?: { key: string };
}
interface Page<T> {
  total?: number;
  results: T[];
}

let server: TestServer;
let f: Fixtures;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_project:test');
  f = new Fixtures(server, admin);
});
afterAll(() => server.close());

const eur = (centAmount: number): Money => ({ currencyCode: 'EUR', centAmount });
const update = (path: string, doc: { version: number }, actions: unknown[], token = admin) =>
  api(server, token, path, { body: { version: doc.version, actions } });

/** A customer and its password-flow token with the buyer's /me scopes. */
async function buyer(): Promise<{ id: string; token: string }> {
  const email = `${f.next('buyer')}@example.com`;
  const { customer } = await f.ok<{ customer: { id: string } }>(api(server, admin, '/test/customers', { body: { email, password: 'pw' } }), 201);
  const scope = ['manage_my_profile', 'manage_my_orders', 'manage_my_quote_requests', 'manage_my_quotes'].map((s) => `${s}:test`).join(' ');
  return { id: customer.id, token: await customerToken(server, email, 'pw', undefined, scope) };
}

/** A cart a quote can be requested for: a customer's, with a shipping address and two custom lines (no taxes). */
function quotableCart(customerId: string, extra: Record<string, unknown> = {}): Promise<CartBody> {
  return f.ok<CartBody>(
    api(server, admin, '/test/carts', {
      body: {
        currency: 'EUR',
        customerId,
        taxMode: 'Disabled',
        shippingAddress: { country: 'DE' },
        customLineItems: [
          { name: { en: 'Bolts' }, slug: 'bolts', money: eur(1000), quantity: 10 },
          { name: { en: 'Nuts' }, slug: 'nuts', money: eur(500), quantity: 4 },
        ],
        ...extra,
      },
    }),
    201,
  );
}

/** The seller's answer: a staged quote of the request (accepting it), then its quotation cart repriced. */
async function stage(request: QuoteRequestBody): Promise<{ staged: StagedQuoteBody; cart: CartBody }> {
  const staged = await f.ok<StagedQuoteBody>(
    api(server, admin, '/test/staged-quotes', {
      body: { quoteRequest: { typeId: 'quote-request', id: request.id }, quoteRequestVersion: request.version, quoteRequestStateToAccepted: true },
    }),
    201,
  );
  let cart = await f.ok<CartBody>(api(server, admin, `/test/carts/${staged.quotationCart.id}`));
  const bolts = cart.customLineItems.find((line) => line.slug === 'bolts')!;
  // 10% off the bolts: the seller replaces the line at its own price.
  cart = await f.ok<CartBody>(
    update(`/test/carts/${cart.id}`, cart, [
      { action: 'removeCustomLineItem', customLineItemId: bolts.id },
      { action: 'addCustomLineItem', name: { en: 'Bolts' }, slug: 'bolts', money: eur(900), quantity: 10 },
    ]),
  );
  return { staged, cart };
}

async function quote(staged: StagedQuoteBody, extra: Record<string, unknown> = {}): Promise<QuoteBody> {
  const current = await f.ok<StagedQuoteBody>(api(server, admin, `/test/staged-quotes/${staged.id}`));
  return f.ok<QuoteBody>(
    api(server, admin, '/test/quotes', {
      body: { stagedQuote: { typeId: 'staged-quote', id: staged.id }, stagedQuoteVersion: current.version, stagedQuoteStateToSent: true, ...extra },
    }),
    201,
  );
}

describe('the negotiation', () => {
  test('a buyer requests a quote for its cart; the seller stages, reprices and sends it; a renegotiation is addressed by a new quote; the buyer orders it once', async () => {
    const me = await buyer();
    const other = await buyer();
    const cart = await quotableCart(me.id);

    // Only one's own cart, at its current version.
    await expectError(
      await api(server, other.token, '/test/me/quote-requests', { body: { cartId: cart.id, cartVersion: cart.version } }),
      400,
      'ReferencedResourceNotFound',
    );
    await expectError(
      await api(server, me.token, '/test/me/quote-requests', { body: { cartId: cart.id, cartVersion: cart.version + 1 } }),
      409,
      'ConcurrentModification',
    );
    const request = await f.ok<QuoteRequestBody>(
      api(server, me.token, '/test/me/quote-requests', { body: { cartId: cart.id, cartVersion: cart.version, comment: 'Volume price?' } }),
      201,
    );
    expect(request).toMatchObject({
      quoteRequestState: 'Submitted',
      comment: 'Volume price?',
      customer: { typeId: 'customer', id: me.id },
      cart: { typeId: 'cart', id: cart.id },
      totalPrice: eur(12000),
    });
    expect(request.customLineItems.map((line) => line.slug).sort()).toEqual(['bolts', 'nuts']);
    expect((await f.ok<Page<QuoteRequestBody>>(api(server, me.token, '/test/me/quote-requests?withTotal=true'))).total).toBe(1);
    expect((await f.ok<Page<QuoteRequestBody>>(api(server, other.token, '/test/me/quote-requests?withTotal=true'))).total).toBe(0);
    await expectError(await api(server, other.token, `/test/me/quote-requests/${request.id}`), 404, 'ResourceNotFound');
    expect((await api(server, me.token, `/test/me/quote-requests/${request.id}`, { method: 'HEAD' })).status).toBe(200);

    const { staged, cart: quotation } = await stage(request);
    expect(staged).toMatchObject({ stagedQuoteState: 'InProgress', quoteRequest: { id: request.id }, customer: { id: me.id } });
    expect(quotation).toMatchObject({ cartState: 'Active', origin: 'Quote', customerId: me.id, totalPrice: eur(11000) });
    expect(quotation.id).not.toBe(cart.id);
    expect((await f.ok<QuoteRequestBody>(api(server, admin, `/test/quote-requests/${request.id}`))).quoteRequestState).toBe('Accepted');
    // One staged quote per request; the buyer can no longer cancel an answered request.
    const accepted = await f.ok<QuoteRequestBody>(api(server, me.token, `/test/me/quote-requests/${request.id}`));
    await expectError(
      await api(server, admin, '/test/staged-quotes', { body: { quoteRequest: { id: request.id }, quoteRequestVersion: accepted.version } }),
      400,
      'DuplicateField',
    );
    await expectError(await update(`/test/me/quote-requests/${request.id}`, accepted, [{ action: 'cancelQuoteRequest' }], me.token), 400, 'InvalidOperation');

    const validTo = new Date(Date.now() + 86_400_000).toISOString();
    const prepared = await f.ok<StagedQuoteBody>(
      update(`/test/staged-quotes/${staged.id}`, staged, [
        { action: 'setSellerComment', sellerComment: 'Bolts at 9.00' },
        { action: 'setValidTo', validTo },
      ]),
    );
    const first = await quote(prepared);
    expect(first).toMatchObject({
      quoteState: 'Pending',
      quoteRequest: { id: request.id },
      stagedQuote: { id: staged.id },
      customer: { id: me.id },
      sellerComment: 'Bolts at 9.00',
      validTo,
      totalPrice: eur(11000),
    });
    expect((await f.ok<StagedQuoteBody>(api(server, admin, `/test/staged-quotes/${staged.id}`))).stagedQuoteState).toBe('Sent');
    expect((await f.ok<Page<QuoteBody>>(api(server, me.token, '/test/me/quotes'))).results.map((q) => q.id)).toEqual([first.id]);
    await expectError(await api(server, other.token, `/test/me/quotes/${first.id}`), 404, 'ResourceNotFound');
    // A buyer only accepts or declines.
    await expectError(
      await update(`/test/me/quotes/${first.id}`, first, [{ action: 'changeMyQuoteState', quoteState: 'Withdrawn' }], me.token),
      400,
      'InvalidField',
    );

    // The buyer asks to renegotiate; the seller's next quote of the staged quote addresses it.
    const declined = await f.ok<QuoteBody>(update(`/test/quotes/${first.id}`, first, [{ action: 'requestQuoteRenegotiation', buyerComment: 'Nuts too?' }]));
    expect(declined).toMatchObject({ quoteState: 'DeclinedForRenegotiation', buyerComment: 'Nuts too?' });
    const second = await quote(staged);
    expect((await f.ok<QuoteBody>(api(server, admin, `/test/quotes/${first.id}`))).quoteState).toBe('RenegotiationAddressed');
    await expectError(await api(server, me.token, '/test/me/orders/quotes', { body: { id: first.id, version: first.version + 2 } }), 400, 'InvalidOperation');

    // Another buyer cannot order it; the buyer orders it, accepting it.
    await expectError(await api(server, other.token, '/test/me/orders/quotes', { body: { id: second.id, version: second.version } }), 404, 'ResourceNotFound');
    const order = await f.ok<OrderBody>(
      api(server, me.token, '/test/me/orders/quotes', { body: { id: second.id, version: second.version, quoteStateToAccepted: true } }),
      201,
    );
    expect(order).toMatchObject({
      origin: 'Quote',
      quote: { typeId: 'quote', id: second.id },
      cart: { id: quotation.id },
      customerId: me.id,
      totalPrice: eur(11000),
    });
    const ordered = await f.ok<QuoteBody>(api(server, me.token, `/test/me/quotes/${second.id}`));
    expect(ordered.quoteState).toBe('Accepted');
    expect((await f.ok<CartBody>(api(server, admin, `/test/carts/${quotation.id}`))).cartState).toBe('Ordered');
    // Once.
    await expectError(
      await api(server, admin, '/test/orders/quotes', { body: { quote: { id: second.id }, version: ordered.version } }),
      400,
      'InvalidOperation',
    );
    expect((await f.ok<Page<OrderBody>>(api(server, me.token, '/test/me/orders'))).results.map((o) => o.id)).toEqual([order.id]);
  });

  test('what the platform refuses to quote, and quotes past their validity', async () => {
    const me = await buyer();
    const noAddress = await quotableCart(me.id, { shippingAddress: undefined });
    await expectError(
      await api(server, me.token, '/test/me/quote-requests', { body: { cartId: noAddress.id, cartVersion: noAddress.version } }),
      400,
      'InvalidOperation',
    );
    const anonymous = await f.ok<CartBody>(api(server, admin, '/test/carts', { body: { currency: 'EUR', shippingAddress: { country: 'DE' } } }), 201);
    await expectError(
      await api(server, admin, '/test/quote-requests', { body: { cart: { id: anonymous.id }, cartVersion: anonymous.version } }),
      400,
      'InvalidOperation',
    );
    await expectError(
      await api(server, admin, '/test/quote-requests', { body: { cart: { id: 'no-such-cart' }, cartVersion: 1 } }),
      400,
      'ReferencedResourceNotFound',
    );

    const cart = await quotableCart(me.id);
    const request = await f.ok<QuoteRequestBody>(
      api(server, admin, '/test/quote-requests', { body: { cart: { typeId: 'cart', id: cart.id }, cartVersion: cart.version, key: f.next('qr') } }),
      201,
    );
    expect((await f.ok<QuoteRequestBody>(api(server, admin, `/test/quote-requests/key=${request.key}`))).id).toBe(request.id);
    const { staged } = await stage(request);
    const expired = await f.ok<StagedQuoteBody>(
      update(`/test/staged-quotes/${staged.id}`, staged, [{ action: 'setValidTo', validTo: '2020-01-01T00:00:00.000Z' }]),
    );
    const old = await quote(expired);
    await expectError(await api(server, admin, '/test/orders/quotes', { body: { quote: { id: old.id }, version: old.version } }), 400, 'InvalidOperation');
    // A Closed staged quote makes no quote.
    const closed = await f.ok<StagedQuoteBody>(
      update(`/test/staged-quotes/${staged.id}`, await f.ok<StagedQuoteBody>(api(server, admin, `/test/staged-quotes/${staged.id}`)), [
        { action: 'changeStagedQuoteState', stagedQuoteState: 'Closed' },
      ]),
    );
    await expectError(
      await api(server, admin, '/test/quotes', { body: { stagedQuote: { id: staged.id }, stagedQuoteVersion: closed.version } }),
      400,
      'InvalidOperation',
    );
  });

  test('all or nothing: a staged quote refused on its last check leaves the request and the carts as they were; concurrent orders of one quote make one order', async () => {
    const me = await buyer();
    const cart = await quotableCart(me.id);
    const request = await f.ok<QuoteRequestBody>(
      api(server, me.token, '/test/me/quote-requests', { body: { cartId: cart.id, cartVersion: cart.version } }),
      201,
    );
    const quotations = async () =>
      (await f.ok<Page<CartBody>>(api(server, admin, `/test/carts?withTotal=true&where=${encodeURIComponent(`origin="Quote" and customerId="${me.id}"`)}`)))
        .total;
    const stateless = {
      quoteRequest: { id: request.id },
      quoteRequestVersion: request.version,
      quoteRequestStateToAccepted: true,
      state: { key: 'no-such-state' },
    };
    await expectError(await api(server, admin, '/test/staged-quotes', { body: stateless }), 400, 'ReferencedResourceNotFound');
    const unchanged = await f.ok<QuoteRequestBody>(api(server, admin, `/test/quote-requests/${request.id}`));
    expect({ state: unchanged.quoteRequestState, version: unchanged.version }).toEqual({ state: 'Submitted', version: request.version });
    expect(await quotations()).toBe(0);

    const { staged } = await stage(request);
    expect(await quotations()).toBe(1);
    const offer = await quote(staged);
    const attempts = await Promise.all(
      Array.from({ length: 8 }, () => api(server, admin, '/test/orders/quotes', { body: { quote: { id: offer.id }, version: offer.version } })),
    );
    const statuses = attempts.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 201 || s === 400 || s === 409)).toBe(true);
    const orders = await f.ok<Page<OrderBody>>(api(server, admin, `/test/orders?withTotal=true&where=${encodeURIComponent(`quote(id="${offer.id}")`)}`));
    expect(orders.total).toBe(1);
  });

  test('scopes: the merchant endpoints need their own scopes, /me the buyer’s', async () => {
    const viewer = await clientToken(server, 'view_quote_requests:test view_staged_quotes:test view_quotes:test');
    const me = await buyer();
    const cart = await quotableCart(me.id);
    await expectError(
      await api(server, viewer, '/test/quote-requests', { body: { cart: { id: cart.id }, cartVersion: cart.version } }),
      403,
      'insufficient_scope',
    );
    const request = await f.ok<QuoteRequestBody>(
      api(server, admin, '/test/quote-requests', { body: { cart: { id: cart.id }, cartVersion: cart.version } }),
      201,
    );
    expect((await f.ok<QuoteRequestBody>(api(server, viewer, `/test/quote-requests/${request.id}`))).id).toBe(request.id);
    expect((await api(server, viewer, '/test/staged-quotes')).status).toBe(200);
    expect((await api(server, viewer, '/test/quotes')).status).toBe(200);
    await expectError(
      await api(server, viewer, '/test/staged-quotes', { body: { quoteRequest: { id: request.id }, quoteRequestVersion: request.version } }),
      403,
      'insufficient_scope',
    );
    const ordersOnly = await clientToken(server, 'manage_orders:test');
    await expectError(await api(server, ordersOnly, '/test/quote-requests'), 403, 'insufficient_scope');
    await expectError(await api(server, ordersOnly, '/test/me/quotes'), 403, 'insufficient_scope');
  });
});

describe("a business unit's quotes", () => {
  const asAssociate = (associateId: string, unitKey: string, rest: string) => `/test/as-associate/${associateId}/in-business-unit/key=${unitKey}${rest}`;

  test('associates request, view, renegotiate, accept and order with their permissions', async () => {
    const token = await clientToken(
      server,
      'manage_quote_requests:test view_quote_requests:test manage_quotes:test view_quotes:test manage_orders:test view_orders:test',
    );
    const buyerRole = await f.role([
      'CreateMyQuoteRequestsFromMyCarts',
      'ViewMyQuoteRequests',
      'UpdateMyQuoteRequests',
      'ViewMyQuotes',
      'RenegotiateMyQuotes',
      'CreateMyOrdersFromMyQuotes',
    ]);
    const managerRole = await f.role(['ViewOthersQuoteRequests', 'ViewOthersQuotes', 'AcceptOthersQuotes']);
    const [buyerId, managerId, outsider] = [await f.customer(), await f.customer(), await f.customer()];
    const unit = await f.unit({ associates: [associate(buyerId, [buyerRole]), associate(managerId, [managerRole])] });
    const elsewhere = await f.unit({ associates: [associate(buyerId, [buyerRole])] });
    const cart = await quotableCart(buyerId, { businessUnit: { key: unit.key } });
    const foreignCart = await quotableCart(buyerId, { businessUnit: { key: elsewhere.key } });

    // Requesting: the buyer for its own cart of the unit; the manager may not; a cart of another unit is refused.
    await expectError(
      await api(server, token, asAssociate(managerId, unit.key, '/quote-requests'), { body: { cart: { id: cart.id }, cartVersion: cart.version } }),
      403,
      'AssociateMissingPermission',
    );
    await expectError(
      await api(server, token, asAssociate(buyerId, unit.key, '/quote-requests'), { body: { cart: { id: foreignCart.id }, cartVersion: foreignCart.version } }),
      400,
      'InvalidOperation',
    );
    const request = await f.ok<QuoteRequestBody>(
      api(server, token, asAssociate(buyerId, unit.key, '/quote-requests'), { body: { cart: { id: cart.id }, cartVersion: cart.version } }),
      201,
    );
    expect(request).toMatchObject({
      businessUnit: { key: unit.key },
      customer: { id: buyerId },
      createdBy: { associate: { typeId: 'customer', id: buyerId } },
    });
    expect((await f.ok<Page<QuoteRequestBody>>(api(server, token, asAssociate(managerId, unit.key, '/quote-requests?withTotal=true')))).total).toBe(1);
    await expectError(await api(server, token, asAssociate(outsider, unit.key, '/quote-requests')), 403, 'AssociateMissingPermission');
    expect((await api(server, token, asAssociate(buyerId, elsewhere.key, `/quote-requests/${request.id}`), { method: 'HEAD' })).status).toBe(404);
    // The buyer's side of a request: cancelling it, not answering it.
    await expectError(
      await update(
        asAssociate(buyerId, unit.key, `/quote-requests/${request.id}`),
        request,
        [{ action: 'changeQuoteRequestState', quoteRequestState: 'Accepted' }],
        token,
      ),
      400,
      'InvalidOperation',
    );

    const { staged } = await stage(request);
    const offer = await quote(staged);
    expect(offer.businessUnit).toEqual({ typeId: 'business-unit', key: unit.key });
    // Accepting needs AcceptMyQuotes, which the buyer lacks; renegotiating its own quote it may.
    await expectError(
      await update(asAssociate(buyerId, unit.key, `/quotes/${offer.id}`), offer, [{ action: 'changeQuoteState', quoteState: 'Accepted' }], token),
      403,
      'AssociateMissingPermission',
    );
    await expectError(
      await update(asAssociate(buyerId, unit.key, `/quotes/${offer.id}`), offer, [{ action: 'setCustomField', name: 'x', value: 1 }], token),
      400,
      'InvalidOperation',
    );
    const renegotiating = await f.ok<QuoteBody>(
      update(asAssociate(buyerId, unit.key, `/quotes/${offer.id}`), offer, [{ action: 'requestQuoteRenegotiation', buyerComment: 'Cheaper?' }], token),
    );
    expect(renegotiating.quoteState).toBe('DeclinedForRenegotiation');
    const next = await quote(staged);
    // The manager accepts the buyer's quote (AcceptOthersQuotes) but may not order it; the buyer orders it.
    const accepted = await f.ok<QuoteBody>(
      update(asAssociate(managerId, unit.key, `/quotes/${next.id}`), next, [{ action: 'changeQuoteState', quoteState: 'Accepted' }], token),
    );
    expect(accepted.quoteState).toBe('Accepted');
    await expectError(
      await api(server, token, asAssociate(managerId, unit.key, '/orders/quotes'), { body: { quote: { id: next.id }, version: accepted.version } }),
      403,
      'AssociateMissingPermission',
    );
    const order = await f.ok<OrderBody>(
      api(server, token, asAssociate(buyerId, unit.key, '/orders/quotes'), { body: { quote: { id: next.id }, version: accepted.version } }),
      201,
    );
    expect(order).toMatchObject({ origin: 'Quote', businessUnit: { key: unit.key }, customerId: buyerId, quote: { id: next.id } });
    expect((await f.ok<Page<QuoteBody>>(api(server, token, asAssociate(buyerId, unit.key, '/quotes?withTotal=true')))).total).toBe(2);

    // A request the seller has not answered yet can be cancelled by its buyer.
    const another = await quotableCart(buyerId, { businessUnit: { key: unit.key } });
    const open = await f.ok<QuoteRequestBody>(
      api(server, token, asAssociate(buyerId, unit.key, '/quote-requests'), { body: { cart: { id: another.id }, cartVersion: another.version } }),
      201,
    );
    const cancelled = await f.ok<QuoteRequestBody>(
      update(
        asAssociate(buyerId, unit.key, `/quote-requests/${open.id}`),
        open,
        [{ action: 'changeQuoteRequestState', quoteRequestState: 'Cancelled' }],
        token,
      ),
    );
    expect(cancelled.quoteRequestState).toBe('Cancelled');
  });
});

describe('in a store', () => {
  test("a store's quote requests, staged quotes and quotes are made only from its own carts, requests and staged quotes; a store-scoped token suffices", async () => {
    const [here, there] = [await f.store(), await f.store()];
    const scopes = [
      'manage_quote_requests',
      'view_quote_requests',
      'manage_staged_quotes',
      'view_staged_quotes',
      'manage_quotes',
      'view_quotes',
      'manage_orders',
    ];
    const token = await clientToken(server, scopes.map((s) => `${s}:test:${here}`).join(' '));
    const inStore = (store: string, rest: string) => `/test/in-store/key=${store}${rest}`;
    const me = await buyer();
    const local = await quotableCart(me.id, { store: { key: here } });
    const foreign = await quotableCart(me.id, { store: { key: there } });

    await expectError(
      await api(server, token, inStore(here, '/quote-requests'), { body: { cart: { id: foreign.id }, cartVersion: foreign.version } }),
      400,
      'ReferencedResourceNotFound',
    );
    await expectError(
      await api(server, token, inStore(there, '/quote-requests'), { body: { cart: { id: foreign.id }, cartVersion: foreign.version } }),
      403,
      'insufficient_scope',
    );
    await expectError(await api(server, token, '/test/quote-requests'), 403, 'insufficient_scope');
    const request = await f.ok<QuoteRequestBody & { store?: { key: string } }>(
      api(server, token, inStore(here, '/quote-requests'), { body: { cart: { id: local.id }, cartVersion: local.version, key: f.next('qr') } }),
      201,
    );
    expect(request.store).toEqual({ typeId: 'store', key: here });
    const elsewhere = await f.ok<QuoteRequestBody>(
      api(server, admin, '/test/quote-requests', { body: { cart: { id: foreign.id }, cartVersion: foreign.version } }),
      201,
    );
    await expectError(await api(server, token, inStore(here, `/quote-requests/${elsewhere.id}`)), 404, 'ResourceNotFound');
    expect((await api(server, token, inStore(here, `/quote-requests/key=${request.key}`), { method: 'HEAD' })).status).toBe(200);
    expect((await f.ok<Page<QuoteRequestBody>>(api(server, token, inStore(here, '/quote-requests?withTotal=true')))).results.map((r) => r.id)).toEqual([
      request.id,
    ]);

    const staged = await f.ok<StagedQuoteBody & { store?: { key: string } }>(
      api(server, token, inStore(here, '/staged-quotes'), {
        body: { quoteRequest: { id: request.id }, quoteRequestVersion: request.version, quoteRequestStateToAccepted: true },
      }),
      201,
    );
    expect(staged.store).toEqual({ typeId: 'store', key: here });
    await expectError(
      await api(server, token, inStore(here, '/staged-quotes'), { body: { quoteRequest: { id: elsewhere.id }, quoteRequestVersion: elsewhere.version } }),
      400,
      'ReferencedResourceNotFound',
    );
    const foreignStaged = await f.ok<StagedQuoteBody>(
      api(server, admin, '/test/staged-quotes', { body: { quoteRequest: { id: elsewhere.id }, quoteRequestVersion: elsewhere.version } }),
      201,
    );
    expect((await f.ok<Page<StagedQuoteBody>>(api(server, token, inStore(here, '/staged-quotes?withTotal=true')))).total).toBe(1);

    const offer = await f.ok<QuoteBody & { store?: { key: string } }>(
      api(server, token, inStore(here, '/quotes'), { body: { stagedQuote: { id: staged.id }, stagedQuoteVersion: staged.version } }),
      201,
    );
    expect(offer.store).toEqual({ typeId: 'store', key: here });
    await expectError(
      await api(server, token, inStore(here, '/quotes'), { body: { stagedQuote: { id: foreignStaged.id }, stagedQuoteVersion: foreignStaged.version } }),
      400,
      'ReferencedResourceNotFound',
    );
    const foreignOffer = await quote(foreignStaged);
    await expectError(
      await api(server, token, inStore(here, '/orders/quotes'), { body: { quote: { id: foreignOffer.id }, version: foreignOffer.version } }),
      404,
      'ResourceNotFound',
    );
    const order = await f.ok<OrderBody & { store?: { key: string } }>(
      api(server, token, inStore(here, '/orders/quotes'), { body: { quote: { id: offer.id }, version: offer.version } }),
      201,
    );
    expect(order).toMatchObject({ origin: 'Quote', store: { key: here }, quote: { id: offer.id } });
    // Updates and deletes only reach the store's own.
    await expectError(
      await update(inStore(here, `/quotes/${foreignOffer.id}`), foreignOffer, [{ action: 'changeQuoteState', quoteState: 'Withdrawn' }], token),
      404,
      'ResourceNotFound',
    );
    const withdrawn = await f.ok<QuoteBody>(
      update(inStore(here, `/quotes/${offer.id}`), offer, [{ action: 'changeQuoteState', quoteState: 'Withdrawn' }], token),
    );
    expect((await f.ok<QuoteBody>(api(server, token, inStore(here, `/quotes/${offer.id}?version=${withdrawn.version}`), { method: 'DELETE' }))).id).toBe(
      offer.id,
    );
  });
});
