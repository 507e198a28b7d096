import { makeExecutableSchema } from '@graphql-tools/schema';
import { getNamedType, isObjectType, type GraphQLObjectType } from 'graphql';
import { guardRootFields } from '../../src/graphql/field-guard.js';
import { fieldScopes } from '../../src/graphql/field-scopes.js';
import { buildGraphQLSchema } from '../../src/graphql/schema.js';
import { signUp } from '../oauth/support.js';
import { api, clientToken, customerToken } from '../support/auth.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Every root field of the GraphQL API checks the scopes declared for it in src/graphql/field-scopes.ts
 * (the promise of openapi/paths/graphql.yaml), read from the table so fields added later are covered.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

interface GraphQLBody {
  data?: Record<string, unknown> | null;
  errors?: { message: string; path?: string[]; extensions: { code: string } }[];
}

async function graphql(token: string, query: string): Promise<{ status: number; body: GraphQLBody }> {
  const res = await api(server, token, '/test/graphql', { body: { query } });
  return { status: res.status, body: (await res.json()) as GraphQLBody };
}

/**
 * Documents for fields with required arguments. They may fail for business reasons (no such customer,
 * no customer in the token), which the "is served" test tells apart from a refused scope.
 */
const PROBES: Record<string, string> = {
  'Query.customer': '{ customer(id: "nobody") { id } }',
  'Query.me': '{ me { __typename } }',
  'Query.inStore': '{ inStore(key: "berlin") { __typename } }',
  'Mutation.customerSignUp': 'mutation { customerSignUp(draft: {email: "", password: "p"}) { __typename } }',
  'Mutation.customerSignIn': 'mutation { customerSignIn(draft: {email: "nobody@example.com", password: "p"}) { __typename } }',
  'Mutation.customerSignMeUp': 'mutation { customerSignMeUp(draft: {email: "", password: "p"}) { __typename } }',
  'Mutation.customerSignMeIn': 'mutation { customerSignMeIn(draft: {email: "nobody@example.com", password: "p"}) { __typename } }',
  'Mutation.updateCustomer': 'mutation { updateCustomer(id: "x", version: 1, actions: []) { __typename } }',
  'Mutation.updateMyCustomer': 'mutation { updateMyCustomer(version: 1, actions: []) { __typename } }',
  'Mutation.deleteCustomer': 'mutation { deleteCustomer(id: "x", version: 1) { __typename } }',
  'Mutation.deleteMyCustomer': 'mutation { deleteMyCustomer(version: 1) { __typename } }',
  'Mutation.customerChangePassword': 'mutation { customerChangePassword(id: "x", version: 1, currentPassword: "a", newPassword: "b") { __typename } }',
  'Mutation.customerChangeMyPassword': 'mutation { customerChangeMyPassword(version: 1, currentPassword: "a", newPassword: "b") { __typename } }',
  'Mutation.customerCreateEmailVerificationToken': 'mutation { customerCreateEmailVerificationToken(id: "x", ttlMinutes: 5) { __typename } }',
  'Mutation.customerConfirmEmail': 'mutation { customerConfirmEmail(tokenValue: "x") { __typename } }',
  'Mutation.customerConfirmMyEmail': 'mutation { customerConfirmMyEmail(tokenValue: "x") { __typename } }',
  'Mutation.customerCreatePasswordResetToken': 'mutation { customerCreatePasswordResetToken(email: "nobody@example.com") { __typename } }',
  'Mutation.customerResetPassword': 'mutation { customerResetPassword(tokenValue: "x", newPassword: "b") { __typename } }',
  'Mutation.customerResetMyPassword': 'mutation { customerResetMyPassword(tokenValue: "x", newPassword: "b") { __typename } }',
  'Query.cart': '{ cart(id: "x") { __typename } }',
  'Query.order': '{ order(id: "x") { __typename } }',
  'Query.product': '{ product(id: "x") { __typename } }',
  'Query.productType': '{ productType(id: "x") { __typename } }',
  'Query.shoppingList': '{ shoppingList(id: "x") { __typename } }',
  'Query.category': '{ category(id: "x") { __typename } }',
  'Query.taxCategory': '{ taxCategory(id: "x") { __typename } }',
  'Query.zone': '{ zone(id: "x") { __typename } }',
  'Query.channel': '{ channel(id: "x") { __typename } }',
  'Query.shippingMethod': '{ shippingMethod(id: "x") { __typename } }',
  'Query.productDiscount': '{ productDiscount(id: "x") { __typename } }',
  'Query.cartDiscount': '{ cartDiscount(id: "x") { __typename } }',
  'Query.discountCode': '{ discountCode(id: "x") { __typename } }',
  'Query.customObject': '{ customObject(id: "x") { __typename } }',
  'Query.customObjects': '{ customObjects(container: "x") { __typename } }',
  'Mutation.createMyCart': 'mutation { createMyCart(draft: {currency: "EUR"}) { __typename } }',
  'Mutation.updateMyCart': 'mutation { updateMyCart(id: "x", version: 1, actions: []) { __typename } }',
  'Mutation.deleteMyCart': 'mutation { deleteMyCart(id: "x", version: 1) { __typename } }',
  'Mutation.createMyOrderFromCart': 'mutation { createMyOrderFromCart(draft: {id: "x", version: 1}) { __typename } }',
  'Mutation.mergeCart': 'mutation { mergeCart(customerId: "x", draft: {anonymousId: "y"}) { __typename } }',
};

/** The smallest document selecting a root field (fields with required arguments need their own probe). */
function probe(root: GraphQLObjectType, field: string): string {
  const definition = root.getFields()[field];
  const known = PROBES[`${root.name}.${field}`];
  if (known) return known;
  if (definition.args.some((arg) => arg.type.toString().endsWith('!'))) throw new Error(`${root.name}.${field}: add a probe with its arguments`);
  const selection = isObjectType(getNamedType(definition.type)) ? `${field} { __typename }` : field;
  return `${root.name === 'Mutation' ? 'mutation ' : ''}{ ${selection} }`;
}

const schema = buildGraphQLSchema();
const rootFields = (['Query', 'Mutation'] as const).flatMap((typeName) =>
  Object.entries(fieldScopes[typeName]).map(([field, scopes]) => [`${typeName}.${field}`, typeName, field, scopes] as const),
);

describe.each(rootFields)('%s', (_name, typeName, field, scopes) => {
  const root = typeName === 'Query' ? schema.getQueryType()! : schema.getMutationType()!;
  const document = probe(root, field);

  if (scopes.length > 0) {
    it('is refused with extensions.code insufficient_scope to a token without any of its scopes', async () => {
      const token = await clientToken(server, 'introspect_oauth_tokens:test');
      const { status, body } = await graphql(token, document);
      expect(status).toBe(200);
      expect(body.errors).toHaveLength(1);
      expect(body.errors![0]).toMatchObject({ path: [field], extensions: { code: 'insufficient_scope' } });
      for (const name of [...scopes, 'manage_project']) expect(body.errors![0].message).toContain(`${name}:test`);
    });
  }

  it.each([...scopes, 'manage_project'])('is served to a token with %s', async (name) => {
    const token = await clientToken(server, `${name}:test`);
    const { body } = await graphql(token, document);
    if (PROBES[`${typeName}.${field}`]) {
      // The field ran: any error is the probe's business failure, never a refused scope.
      for (const error of body.errors ?? []) expect(error.extensions.code).not.toBe('insufficient_scope');
      expect(body.errors?.every((error) => error.path?.[0] === field) ?? true).toBe(true);
    } else {
      expect(body.errors).toBeUndefined();
    }
  });
});

describe('the reported hole', () => {
  it('a customer token without view_project_settings cannot read the project through /graphql', async () => {
    await signUp(server, 'jane@example.com', 'secret-1');
    const token = await customerToken(server, 'jane@example.com', 'secret-1');
    const { body } = await graphql(token, '{ project { key name } }');
    expect(body.data).toBeNull();
    expect(body.errors![0].extensions.code).toBe('insufficient_scope');
  });

  it('a refused field does not fail the fields the caller may read', async () => {
    const token = await clientToken(server, 'introspect_oauth_tokens:test');
    const { body } = await graphql(token, 'mutation { _noop }');
    expect(body).toEqual({ data: { _noop: null } });
  });
});

describe('the table is complete (checked when the schema is built)', () => {
  const typeDefs = 'type Query { a: Int, b: Int }';

  it('a root field without an entry stops the server from starting', () => {
    expect(() => guardRootFields(makeExecutableSchema({ typeDefs }), { Query: { a: [] } })).toThrow('Query.b declares no scopes');
  });

  it('an entry naming no field of the schema does too', () => {
    expect(() => guardRootFields(makeExecutableSchema({ typeDefs }), { Query: { a: [], b: [], c: [] } })).toThrow('Query.c is not in the schema');
    expect(() => guardRootFields(makeExecutableSchema({ typeDefs }), { Query: { a: [], b: [] }, Mutation: {} })).toThrow('Mutation is not a root type');
  });
});
