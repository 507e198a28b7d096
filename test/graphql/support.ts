import { api } from '../support/auth.js';
import type { TestServer } from '../support/test-server.js';

export interface GraphQLError {
  message: string;
  path?: (string | number)[];
  extensions: { code: string; [extra: string]: unknown };
}

export interface GraphQLBody<D = Record<string, any>> {
  data?: D | null;
  errors?: GraphQLError[];
}

/** POST /{projectKey}/graphql with a bearer token. */
export async function gql<D = Record<string, any>>(
  server: TestServer,
  token: string,
  query: string,
  variables?: Record<string, unknown>,
): Promise<{ status: number; body: GraphQLBody<D> }> {
  const res = await api(server, token, `/${server.projectKey}/graphql`, { body: { query, variables } });
  return { status: res.status, body: (await res.json()) as GraphQLBody<D> };
}

/** Runs a document that must succeed; answers its data. */
export async function gqlData<D = Record<string, any>>(server: TestServer, token: string, query: string, variables?: Record<string, unknown>): Promise<D> {
  const { status, body } = await gql<D>(server, token, query, variables);
  if (status !== 200 || body.errors) throw new Error(`GraphQL failed: ${status} ${JSON.stringify(body.errors)}`);
  return body.data!;
}

/** The one error of a failed document (business errors come with HTTP 200). */
export async function gqlError(
  server: TestServer,
  token: string,
  query: string,
  variables?: Record<string, unknown>,
): Promise<GraphQLError & { data: unknown }> {
  const { status, body } = await gql(server, token, query, variables);
  if (status !== 200 || !body.errors || body.errors.length !== 1) throw new Error(`expected one error with 200, got ${status} ${JSON.stringify(body)}`);
  return { ...body.errors[0], data: body.data };
}

export const CUSTOMER_FIELDS = `
  id version key email password firstName lastName isEmailVerified customerNumber externalId locale
  addresses { id key country city streetName contactInfo { phone email } }
  defaultShippingAddressId defaultBillingAddressId shippingAddressIds billingAddressIds
  defaultShippingAddress { id city } billingAddresses { id }
  authenticationMode storesRef { key } customerGroupRef { typeId id }
  createdAt lastModifiedAt createdBy { clientId isPlatformClient }
`;

export const SIGN_UP = `mutation SignUp($draft: CustomerSignUpDraft!, $storeKey: KeyReferenceInput) {
  customerSignUp(draft: $draft, storeKey: $storeKey) { customer { ${CUSTOMER_FIELDS} } cart { id } }
}`;

export const SIGN_IN = `mutation SignIn($draft: CustomerSignInDraft!, $storeKey: KeyReferenceInput) {
  customerSignIn(draft: $draft, storeKey: $storeKey) { customer { id email version } }
}`;

export const UPDATE = `mutation Update($id: String, $key: String, $version: Long!, $actions: [CustomerUpdateAction!]!) {
  updateCustomer(id: $id, key: $key, version: $version, actions: $actions) { ${CUSTOMER_FIELDS} }
}`;
