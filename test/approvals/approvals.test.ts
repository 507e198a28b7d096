import { api, clientToken, customerToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { associate, Fixtures, type UnitBody } from '../business-units/support.js';

/**
 * Approval rules and flows over HTTP: a Company's rule reaches the orders its Division's buyers place
 * (approvalRuleMode ExplicitAndFromParent), approvers answer tier by tier, with their permissions.
 */
interface RoleRef {
  associateRole: { typeId: string; key: string };
}
interface RuleBody {
  id: string;
  version: number;
  key?: string;
  status: string;
  businessUnit: { key: string };
  requesters: RoleRef[];
}
interface FlowBody {
  id: string;
  version: number;
  status: string;
  order: { id: string };
  rules: Array<{ id: string }>;
  approvals: Array<{ approver: { customer: { id: string } } }>;
  rejection?: { rejecter: { customer: { id: string } }; reason?: string };
  eligibleApprovers: RoleRef[];
  pendingApprovers: RoleRef[];
  currentTierPendingApprovers: RoleRef[];
}
interface Page<T> {
  total?: number;
  results: T[];
}

let server: TestServer;
let f: Fixtures;
let admin: string;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_project:test');
  f = new Fixtures(server, admin);
  token = await clientToken(
    server,
    'manage_approval_rules:test view_approval_rules:test manage_approval_flows:test view_approval_flows:test manage_orders:test view_orders:test',
  );
});
afterAll(() => server.close());

const at = (associateId: string, unitKey: string, rest: string) => `/test/as-associate/${associateId}/in-business-unit/key=${unitKey}${rest}`;
const keysOf = (refs: RoleRef[]) => refs.map((r) => r.associateRole.key).sort();

interface Org {
  company: UnitBody;
  division: UnitBody;
  people: { buyer: string; lead: string; lead2: string; head: string; ruler: string };
  roles: { buyer: string; lead: string; head: string };
}

/** A Company (its rule maker and, inherited downwards, its head) and a Division (a buyer and two leads). */
async function organisation(): Promise<Org> {
  const roles = {
    buyer: await f.role(['CreateMyOrdersFromMyCarts', 'ViewMyOrders']),
    lead: await f.role(['UpdateApprovalFlows', 'ViewOthersOrders']),
    head: await f.role(['UpdateApprovalFlows']),
  };
  const ruler = await f.role(['CreateApprovalRules', 'UpdateApprovalRules']);
  const people = { buyer: await f.customer(), lead: await f.customer(), lead2: await f.customer(), head: await f.customer(), ruler: await f.customer() };
  const company = await f.unit({ associates: [associate(people.ruler, [ruler]), associate(people.head, [roles.head], 'Enabled')] });
  const division = await f.division(company.key, {
    associates: [associate(people.buyer, [roles.buyer]), associate(people.lead, [roles.lead]), associate(people.lead2, [roles.lead])],
  });
  return { company, division, people, roles };
}

/** An order of a cart of the division worth `cents`, placed by the buyer as an associate. */
async function placeOrder(org: Org, cents: number): Promise<{ id: string }> {
  const cart = await f.ok<{ id: string; version: number }>(
    api(server, admin, '/test/carts', {
      body: {
        currency: 'EUR',
        customerId: org.people.buyer,
        businessUnit: { key: org.division.key },
        taxMode: 'Disabled',
        customLineItems: [{ name: { en: 'Goods' }, slug: 'goods', money: { currencyCode: 'EUR', centAmount: cents }, quantity: 1 }],
      },
    }),
    201,
  );
  return f.ok<{ id: string }>(
    api(server, token, at(org.people.buyer, org.division.key, '/orders'), { body: { cart: { id: cart.id }, version: cart.version } }),
    201,
  );
}

async function flowOf(org: Org, orderId: string): Promise<FlowBody | undefined> {
  const page = await f.ok<Page<FlowBody>>(
    api(server, token, at(org.people.lead, org.division.key, `/approval-flows?where=${encodeURIComponent(`order(id="${orderId}")`)}`)),
  );
  return page.results[0];
}

async function rule(org: Org, extra: Record<string, unknown> = {}): Promise<RuleBody> {
  const draft = {
    key: f.next('rule'),
    name: 'Big orders',
    status: 'Active',
    predicate: 'totalPrice > "50.00 EUR"',
    requesters: [{ associateRole: { key: org.roles.buyer } }],
    approvers: { tiers: [{ and: [{ or: [{ associateRole: { key: org.roles.lead } }] }] }, { and: [{ or: [{ associateRole: { key: org.roles.head } }] }] }] },
    ...extra,
  };
  return f.ok<RuleBody>(api(server, token, at(org.people.ruler, org.company.key, '/approval-rules'), { body: draft }), 201);
}

const answer = (org: Org, who: string, flow: FlowBody, action: Record<string, unknown>) =>
  api(server, token, at(who, org.division.key, `/approval-flows/${flow.id}`), { body: { version: flow.version, actions: [action] } });

describe('approval rules', () => {
  test('made by associates with CreateApprovalRules, with a valid Order predicate and existing roles; read by those dealing with approvals', async () => {
    const org = await organisation();
    await expectError(
      await api(server, token, at(org.people.buyer, org.company.key, '/approval-rules'), {
        body: {
          name: 'x',
          status: 'Active',
          predicate: '1 = 1',
          requesters: [{ associateRole: { key: org.roles.buyer } }],
          approvers: { tiers: [{ and: [{ or: [{ associateRole: { key: org.roles.lead } }] }] }] },
        },
      }),
      403,
      'AssociateMissingPermission',
    );
    await expectError(
      await api(server, token, at(org.people.ruler, org.company.key, '/approval-rules'), {
        body: {
          name: 'x',
          status: 'Active',
          predicate: 'totalPrice >',
          requesters: [{ associateRole: { key: org.roles.buyer } }],
          approvers: { tiers: [{ and: [{ or: [{ associateRole: { key: org.roles.lead } }] }] }] },
        },
      }),
      400,
      'InvalidInput',
    );
    await expectError(
      await api(server, token, at(org.people.ruler, org.company.key, '/approval-rules'), {
        body: {
          name: 'x',
          status: 'Active',
          predicate: 'noSuchField = 1',
          requesters: [{ associateRole: { key: org.roles.buyer } }],
          approvers: { tiers: [{ and: [{ or: [{ associateRole: { key: org.roles.lead } }] }] }] },
        },
      }),
      400,
      'InvalidInput',
    );
    await expectError(
      await api(server, token, at(org.people.ruler, org.company.key, '/approval-rules'), {
        body: {
          name: 'x',
          status: 'Active',
          predicate: 'totalPrice > "0.01 EUR"',
          requesters: [{ associateRole: { key: 'no-such-role' } }],
          approvers: { tiers: [{ and: [{ or: [{ associateRole: { key: org.roles.lead } }] }] }] },
        },
      }),
      400,
      'ReferencedResourceNotFound',
    );
    await expectError(
      await api(server, token, at(org.people.ruler, org.company.key, '/approval-rules'), {
        body: {
          name: 'x',
          status: 'Active',
          predicate: 'totalPrice > "0.01 EUR"',
          requesters: [{ associateRole: { key: org.roles.buyer } }],
          approvers: { tiers: [] },
        },
      }),
      400,
      'InvalidField',
    );

    const made = await rule(org);
    expect(made).toMatchObject({
      status: 'Active',
      businessUnit: { typeId: 'business-unit', key: org.company.key },
      requesters: [{ associateRole: { typeId: 'associate-role', key: org.roles.buyer } }],
    });
    expect((await f.ok<RuleBody>(api(server, token, at(org.people.ruler, org.company.key, `/approval-rules/key=${made.key}`)))).id).toBe(made.id);
    expect((await f.ok<Page<RuleBody>>(api(server, token, at(org.people.head, org.company.key, '/approval-rules?withTotal=true')))).total).toBe(1);
    // Not the buyer's to read; another unit's rule is not found here.
    await expectError(await api(server, token, at(org.people.buyer, org.division.key, '/approval-rules')), 403, 'AssociateMissingPermission');
    await expectError(await api(server, token, at(org.people.lead, org.division.key, `/approval-rules/${made.id}`)), 404, 'ResourceNotFound');

    const renamed = await f.ok<RuleBody>(
      api(server, token, at(org.people.ruler, org.company.key, `/approval-rules/${made.id}`), {
        body: {
          version: made.version,
          actions: [
            { action: 'setName', name: 'Large' },
            { action: 'setPredicate', predicate: 'totalPrice > "90.00 EUR"' },
          ],
        },
      }),
    );
    expect(renamed.version).toBe(made.version + 1);
    // All or nothing: a bad predicate in the last action leaves the rule as it was.
    await expectError(
      await api(server, token, at(org.people.ruler, org.company.key, `/approval-rules/${made.id}`), {
        body: {
          version: renamed.version,
          actions: [
            { action: 'setName', name: 'Other' },
            { action: 'setPredicate', predicate: '((' },
          ],
        },
      }),
      400,
      'InvalidInput',
    );
    expect((await f.ok<RuleBody & { name: string }>(api(server, token, at(org.people.ruler, org.company.key, `/approval-rules/${made.id}`)))).name).toBe(
      'Large',
    );
    // Custom fields, with a Type for approval rules.
    const type = await f.ok<{ key: string }>(
      api(server, admin, '/test/types', {
        body: {
          key: f.next('rule-type'),
          name: { en: 'Rule' },
          resourceTypeIds: ['approval-rule'],
          fieldDefinitions: [{ name: 'owner', label: { en: 'Owner' }, required: false, type: { name: 'String' } }],
        },
      }),
      201,
    );
    const typed = await f.ok<RuleBody & { custom?: { fields: Record<string, unknown> } }>(
      api(server, token, at(org.people.ruler, org.company.key, `/approval-rules/${made.id}`), {
        body: { version: renamed.version, actions: [{ action: 'setCustomType', type: { key: type.key }, fields: { owner: 'finance' } }] },
      }),
    );
    expect(typed.custom?.fields).toEqual({ owner: 'finance' });
  });
});

describe('approval flows', () => {
  test("an order matching a Company's rule, placed in its Division, waits for its approvers tier by tier", async () => {
    const org = await organisation();
    await rule(org);
    expect(await flowOf(org, (await placeOrder(org, 1000)).id)).toBeUndefined();

    const big = await placeOrder(org, 10000);
    let flow = (await flowOf(org, big.id))!;
    expect(flow).toMatchObject({ status: 'Pending', order: { id: big.id }, approvals: [] });
    expect(keysOf(flow.eligibleApprovers)).toEqual([org.roles.head, org.roles.lead].sort());
    expect(keysOf(flow.pendingApprovers)).toEqual([org.roles.head, org.roles.lead].sort());
    expect(keysOf(flow.currentTierPendingApprovers)).toEqual([org.roles.lead]);

    // The head's tier is the second; the buyer may not answer at all.
    await expectError(await answer(org, org.people.head, flow, { action: 'approve' }), 400, 'InvalidOperation');
    await expectError(await answer(org, org.people.buyer, flow, { action: 'approve' }), 403, 'AssociateMissingPermission');
    flow = await f.ok<FlowBody>(answer(org, org.people.lead, flow, { action: 'approve' }));
    expect({ status: flow.status, current: keysOf(flow.currentTierPendingApprovers), approvers: flow.approvals.map((a) => a.approver.customer.id) }).toEqual({
      status: 'Pending',
      current: [org.roles.head],
      approvers: [org.people.lead],
    });
    await expectError(await answer(org, org.people.lead2, flow, { action: 'approve' }), 400, 'InvalidOperation');
    // The head holds its role in the Division by inheritance from the Company.
    flow = await f.ok<FlowBody>(answer(org, org.people.head, flow, { action: 'approve' }));
    expect({ status: flow.status, pending: flow.pendingApprovers, current: flow.currentTierPendingApprovers }).toEqual({
      status: 'Approved',
      pending: [],
      current: [],
    });
    await expectError(await answer(org, org.people.head, flow, { action: 'reject' }), 400, 'InvalidOperation');
    expect((await f.ok<FlowBody>(api(server, token, at(org.people.buyer, org.division.key, `/approval-flows/${flow.id}`)))).status).toBe('Approved');
  });

  test('a rejection ends the flow; an Inactive rule or a Division that takes no rules from its parent starts none', async () => {
    const org = await organisation();
    const made = await rule(org);
    let flow = (await flowOf(org, (await placeOrder(org, 8000)).id))!;
    flow = await f.ok<FlowBody>(answer(org, org.people.lead2, flow, { action: 'reject', reason: 'Too much' }));
    expect(flow).toMatchObject({ status: 'Rejected', rejection: { rejecter: { customer: { id: org.people.lead2 } }, reason: 'Too much' } });
    await expectError(await answer(org, org.people.lead, flow, { action: 'approve' }), 400, 'InvalidOperation');

    await f.ok(
      api(server, token, at(org.people.ruler, org.company.key, `/approval-rules/${made.id}`), {
        body: { version: made.version, actions: [{ action: 'setStatus', status: 'Inactive' }] },
      }),
    );
    expect(await flowOf(org, (await placeOrder(org, 8000)).id)).toBeUndefined();

    const second = await rule(org);
    const division = await f.get(org.division.key);
    await f.ok(f.update(division.key, division.version, [{ action: 'changeApprovalRuleMode', approvalRuleMode: 'Explicit' }]));
    expect(await flowOf(org, (await placeOrder(org, 8000)).id)).toBeUndefined();
    expect(second.status).toBe('Active');
  });
});

/**
 * Through /me a customer acts for a business unit as its associate: carts and orders of a unit are made
 * and changed under the permissions the as-associate endpoints check, and an order goes into the unit's
 * approval flow whichever endpoint places it.
 */
describe('the /me endpoints for documents of a business unit', () => {
  async function signedIn(customerId: string): Promise<string> {
    const { email } = await f.ok<{ email: string }>(api(server, admin, `/test/customers/${customerId}`));
    return customerToken(server, email, 'pw');
  }
  const unitCart = (customerId: string, unitKey: string, cents: number) =>
    f.ok<{ id: string; version: number }>(
      api(server, admin, '/test/carts', {
        body: {
          currency: 'EUR',
          customerId,
          businessUnit: { key: unitKey },
          taxMode: 'Disabled',
          customLineItems: [{ name: { en: 'Goods' }, slug: 'goods', money: { currencyCode: 'EUR', centAmount: cents }, quantity: 1 }],
        },
      }),
      201,
    );

  test('an associate who may only view orders can neither create, change nor order a cart of the unit; nothing is written', async () => {
    const org = await organisation();
    const viewer = await f.customer();
    await f.ok(
      f.update(org.division.key, (await f.ok<UnitBody>(api(server, admin, `/test/business-units/key=${org.division.key}`))).version, [
        { action: 'addAssociate', associate: associate(viewer, [await f.role(['ViewMyOrders'])]) },
      ]),
    );
    const me = await signedIn(viewer);
    await expectError(
      await api(server, me, '/test/me/carts', { body: { currency: 'EUR', businessUnit: { key: org.division.key } } }),
      403,
      'AssociateMissingPermission',
    );
    const cart = await unitCart(viewer, org.division.key, 9000);
    await expectError(
      await api(server, me, `/test/me/carts/${cart.id}`, { body: { version: cart.version, actions: [{ action: 'setCountry', country: 'DE' }] } }),
      403,
      'AssociateMissingPermission',
    );
    await expectError(await api(server, me, '/test/me/orders', { body: { id: cart.id, version: cart.version } }), 403, 'AssociateMissingPermission');
    const orders = await f.ok<Page<unknown>>(api(server, admin, `/test/orders?withTotal=true&where=${encodeURIComponent(`cart(id="${cart.id}")`)}`));
    expect(orders.total).toBe(0);
  });

  test('a buyer who may order its carts places the order through /me, and the unit’s approval rule starts a flow for it', async () => {
    const org = await organisation();
    await rule(org);
    const me = await signedIn(org.people.buyer);
    // The buyer's role has no CreateMyCarts: its carts are made by the merchant here.
    await expectError(
      await api(server, me, '/test/me/carts', { body: { currency: 'EUR', businessUnit: { key: org.division.key } } }),
      403,
      'AssociateMissingPermission',
    );
    const cart = await unitCart(org.people.buyer, org.division.key, 9000);
    const order = await f.ok<{ id: string; businessUnit?: { key: string } }>(
      api(server, me, '/test/me/orders', { body: { id: cart.id, version: cart.version } }),
      201,
    );
    expect(order.businessUnit?.key).toBe(org.division.key);
    const flow = await flowOf(org, order.id);
    expect(flow?.status).toBe('Pending');
    // A cart of no unit is ordered through /me as before, with no flow.
    const plain = await f.ok<{ id: string; version: number }>(
      api(server, me, '/test/me/carts', {
        body: {
          currency: 'EUR',
          taxMode: 'Disabled',
          customLineItems: [{ name: { en: 'x' }, slug: 'x', money: { currencyCode: 'EUR', centAmount: 9000 }, quantity: 1 }],
        },
      }),
      201,
    );
    await f.ok(api(server, me, '/test/me/orders', { body: { id: plain.id, version: plain.version } }), 201);
  });
});

test('an approval rule takes the order predicate the platform documents on money parts: totalPrice.centAmount >= 100000', async () => {
  const org = await organisation();
  await rule(org, { predicate: 'totalPrice.centAmount >= 100000' });
  expect(await flowOf(org, (await placeOrder(org, 99_999)).id)).toBeUndefined();
  expect((await flowOf(org, (await placeOrder(org, 100_000)).id))?.status).toBe('Pending');
});
