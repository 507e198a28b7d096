/**
 * `commerce-platform-api/sdk`: the typed client of the HTTP API. Operations and types are generated
 * from openapi/ (`npm run generate`); this module adds the base URL set once, the token flows and
 * the retry on 401. Typed GraphQL documents are in `commerce-platform-api/graphql`.
 */
export { createCommerceClient, GraphQLRequestError, type CommerceClient, type CommerceClientOptions } from './client.js';
export { TokenRequestError, TokenSource, type TokenFlow, type TokenResponse } from './tokens.js';
export * from '../../generated/openapi/client/sdk.gen.js';
// The generated fetch client itself, for a client configured by hand (interceptors, your own auth).
export { createClient, createConfig, type Client, type Config as ClientConfig } from '../../generated/openapi/client/client/index.js';
export type * from '../../generated/openapi/client/types.gen.js';
