import { api, clientToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { ok } from '../carts/support.js';

/** States: a project's workflow states and their transitions, and transitionState on orders and payments. */
interface StateBody {
  id: string;
  version: number;
  key: string;
  type: string;
  initial: boolean;
  builtIn: boolean;
  roles?: string[];
  transitions?: { typeId: string; id: string }[];
}
interface InState {
  id: string;
  version: number;
  state?: { typeId: string; id: string };
  paymentStatus?: { state?: { typeId: string; id: string } };
}

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_project:test');
});
afterAll(() => server.close());

const state = (draft: Record<string, unknown>) => ok<StateBody>(api(server, admin, '/test/states', { body: draft }), 201);
const update = (path: string, doc: { version: number }, actions: unknown[], token = admin) =>
  api(server, token, path, { body: { version: doc.version, actions } });

async function order(draft: Record<string, unknown> = {}): Promise<InState> {
  const cart = await ok<{ id: string; version: number }>(api(server, admin, '/test/carts', { body: { currency: 'EUR' } }), 201);
  return ok<InState>(api(server, admin, '/test/orders', { body: { cart: { id: cart.id }, version: cart.version, ...draft } }), 201);
}

test('states with roles and transitions of their own type; read, queried, updated', async () => {
  const delivered = await state({ key: 'delivered', type: 'OrderState', name: { en: 'Delivered' }, initial: false, transitions: [] });
  const shipped = await state({ key: 'shipped', type: 'OrderState', initial: false, transitions: [{ typeId: 'state', key: 'delivered' }] });
  const placed = await state({ key: 'placed', type: 'OrderState', roles: ['Return', 'Return'], transitions: [{ id: shipped.id }] });
  expect(placed).toMatchObject({
    key: 'placed',
    type: 'OrderState',
    initial: true,
    builtIn: false,
    roles: ['Return'],
    transitions: [{ typeId: 'state', id: shipped.id }],
  });
  expect(delivered.transitions).toEqual([]);
  await state({ key: 'paid', type: 'PaymentState' });
  await expectError(
    await api(server, admin, '/test/states', { body: { key: 'wrong', type: 'OrderState', transitions: [{ key: 'paid' }] } }),
    400,
    'InvalidOperation',
  );
  await expectError(
    await api(server, admin, '/test/states', { body: { key: 'dangling', type: 'OrderState', transitions: [{ key: 'nope' }] } }),
    400,
    'ReferencedResourceNotFound',
  );
  await expectError(await api(server, admin, '/test/states', { body: { key: 'placed', type: 'OrderState' } }), 400, 'DuplicateField');
  expect((await ok<StateBody>(api(server, admin, '/test/states/key=shipped'))).id).toBe(shipped.id);
  const page = await ok<{ results: StateBody[] }>(api(server, admin, `/test/states?where=${encodeURIComponent('type = "OrderState"')}&sort=key+asc`));
  expect(page.results.map((s) => s.key)).toEqual(['delivered', 'placed', 'shipped']);
  const changed = await ok<StateBody>(
    update(`/test/states/key=placed`, placed, [
      { action: 'removeRoles', roles: ['Return'] },
      { action: 'addRoles', roles: ['ReviewIncludedInStatistics'] },
      { action: 'setName', name: { en: 'Placed' } },
      { action: 'changeInitial', initial: false },
      { action: 'setTransitions', transitions: [{ key: 'shipped' }, { key: 'delivered' }] },
    ]),
  );
  expect(changed).toMatchObject({ roles: ['ReviewIncludedInStatistics'], initial: false, transitions: [{ id: shipped.id }, { id: delivered.id }] });
  const open = await ok<StateBody>(update(`/test/states/${placed.id}`, changed, [{ action: 'setTransitions' }, { action: 'changeInitial', initial: true }]));
  expect(open.transitions).toBeUndefined();
  await expectError(await update(`/test/states/${placed.id}`, open, [{ action: 'setTransitions', transitions: [{ key: 'paid' }] }]), 400, 'InvalidOperation');
});

test('orders move through their states as the transitions allow, or by force', async () => {
  const done = await state({ key: 'o-done', type: 'OrderState', initial: false, transitions: [] });
  const packed = await state({ key: 'o-packed', type: 'OrderState', initial: false, transitions: [{ id: done.id }] });
  const fresh = await state({ key: 'o-new', type: 'OrderState', transitions: [{ id: packed.id }] });
  await state({ key: 'p-pending', type: 'PaymentState' });
  await expectError(
    await api(server, admin, '/test/orders', {
      body: {
        cart: { id: (await ok<{ id: string }>(api(server, admin, '/test/carts', { body: { currency: 'EUR' } }), 201)).id },
        version: 1,
        state: { key: 'p-pending' },
      },
    }),
    400,
    'InvalidOperation',
  );
  let o = await order({ state: { key: 'o-new' } });
  expect(o.state).toEqual({ typeId: 'state', id: fresh.id });
  await expectError(await update(`/test/orders/${o.id}`, o, [{ action: 'transitionState', state: { key: 'o-done' } }]), 400, 'InvalidOperation');
  await expectError(await update(`/test/orders/${o.id}`, o, [{ action: 'transitionState', state: { key: 'p-pending' } }]), 400, 'InvalidOperation');
  o = await ok<InState>(update(`/test/orders/${o.id}`, o, [{ action: 'transitionState', state: { key: 'o-packed' } }]));
  o = await ok<InState>(update(`/test/orders/${o.id}`, o, [{ action: 'transitionState', state: { id: done.id } }]));
  expect(o.state?.id).toBe(done.id);
  // A final state allows nothing but a forced transition.
  await expectError(await update(`/test/orders/${o.id}`, o, [{ action: 'transitionState', state: { key: 'o-new' } }]), 400, 'InvalidOperation');
  o = await ok<InState>(update(`/test/orders/${o.id}`, o, [{ action: 'transitionState', state: { key: 'o-new' }, force: true }]));
  expect(o.state?.id).toBe(fresh.id);
  // An order without a state takes any of its type.
  const stateless = await order();
  expect((await ok<InState>(update(`/test/orders/${stateless.id}`, stateless, [{ action: 'transitionState', state: { key: 'o-done' } }]))).state?.id).toBe(
    done.id,
  );
});

test('payments move through PaymentStates', async () => {
  const settled = await state({ key: 'pay-settled', type: 'PaymentState', initial: false, transitions: [] });
  await state({ key: 'pay-open', type: 'PaymentState', transitions: [{ id: settled.id }] });
  await state({ key: 'order-only', type: 'OrderState' });
  const amount = { currencyCode: 'EUR', centAmount: 100 };
  await expectError(
    await api(server, admin, '/test/payments', { body: { amountPlanned: amount, paymentStatus: { state: { key: 'order-only' } } } }),
    400,
    'InvalidOperation',
  );
  let payment = await ok<InState>(
    api(server, admin, '/test/payments', { body: { amountPlanned: amount, paymentStatus: { interfaceCode: '1', state: { key: 'pay-open' } } } }),
    201,
  );
  payment = await ok<InState>(update(`/test/payments/${payment.id}`, payment, [{ action: 'transitionState', state: { key: 'pay-settled' } }]));
  expect(payment.paymentStatus?.state).toEqual({ typeId: 'state', id: settled.id });
  await expectError(
    await update(`/test/payments/${payment.id}`, payment, [{ action: 'transitionState', state: { key: 'pay-open' } }]),
    400,
    'InvalidOperation',
  );
  const expanded = await ok<{ paymentStatus: { state: { obj?: StateBody } } }>(api(server, admin, `/test/payments/${payment.id}?expand=paymentStatus.state`));
  expect(expanded.paymentStatus.state.obj?.key).toBe('pay-settled');
});

test('a state in use is not deleted and keeps its type; scopes', async () => {
  const used = await state({ key: 'in-use', type: 'OrderState' });
  const target = await state({ key: 'target', type: 'OrderState' });
  const pointing = await state({ key: 'points-to-it', type: 'OrderState', transitions: [{ id: target.id }] });
  await order({ state: { key: 'in-use' } });
  await expectError(await api(server, admin, `/test/states/${used.id}?version=${used.version}`, { method: 'DELETE' }), 400, 'ReferenceExists', {
    referencedBy: 'order',
  });
  await expectError(await api(server, admin, `/test/states/${target.id}?version=${target.version}`, { method: 'DELETE' }), 400, 'ReferenceExists', {
    referencedBy: 'state',
  });
  await expectError(await update(`/test/states/${used.id}`, used, [{ action: 'changeType', type: 'PaymentState' }]), 400, 'InvalidOperation');
  await expectError(await update(`/test/states/${pointing.id}`, pointing, [{ action: 'changeType', type: 'PaymentState' }]), 400, 'InvalidOperation');
  const freeState = await state({ key: 'free', type: 'OrderState' });
  expect((await ok<StateBody>(update(`/test/states/${freeState.id}`, freeState, [{ action: 'changeType', type: 'ReviewState' }]))).type).toBe('ReviewState');
  // Once nothing points to it, it goes.
  expect((await ok<StateBody>(api(server, admin, `/test/states/${pointing.id}?version=${pointing.version}`, { method: 'DELETE' }))).id).toBe(pointing.id);
  expect((await ok<StateBody>(api(server, admin, `/test/states/key=target?version=${target.version}`, { method: 'DELETE' }))).id).toBe(target.id);

  const viewer = await clientToken(server, 'view_states:test');
  expect((await ok<StateBody>(api(server, viewer, `/test/states/${used.id}`))).key).toBe('in-use');
  await expectError(await api(server, viewer, '/test/states', { body: { key: 'x-state', type: 'OrderState' } }), 403, 'insufficient_scope');
  await expectError(
    await api(server, await clientToken(server, 'manage_orders:test'), '/test/states', { body: { key: 'x-state', type: 'OrderState' } }),
    403,
    'insufficient_scope',
  );
});
