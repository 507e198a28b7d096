import { print } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { createClient, createConfig, type Client } from '../../generated/openapi/client/client/index.js';
import { executeGraphQl } from '../../generated/openapi/client/sdk.gen.js';
import { TokenSource, type TokenFlow } from './tokens.js';

export interface CommerceClientOptions {
  /** The server's base URL, e.g. `http://127.0.0.1:8080` (set once; every call is relative to it). */
  baseUrl: string;
  projectKey: string;
  /** How to get tokens; without it requests go out unauthenticated (health, readiness). */
  auth?: TokenFlow;
  /** Base URL of the /oauth/... endpoints when it differs from `baseUrl`. */
  authUrl?: string;
  fetch?: typeof fetch;
}

export interface CommerceClient {
  /** Pass as `client` to any operation of the SDK: `getStoreByKey({ client, path: { projectKey, key } })`. */
  client: Client;
  projectKey: string;
  /** The token source, when `auth` was given (its refresh token, its scope). */
  tokens?: TokenSource;
  /** Runs a typed GraphQL document (from `commerce-platform-api/graphql`) on the project; throws on GraphQL errors. */
  graphql<R, V extends Record<string, unknown>>(document: TypedDocumentNode<R, V>, variables?: V): Promise<R>;
}

/** A GraphQL response with errors, or a refused GraphQL request. */
export class GraphQLRequestError extends Error {
  constructor(
    readonly status: number,
    readonly errors: unknown,
  ) {
    super(`GraphQL request failed (${status}): ${JSON.stringify(errors)}`);
    this.name = 'GraphQLRequestError';
  }
}

/**
 * The typed HTTP client of the API (generated from openapi/) with its base URL and token handling
 * set once. Every request of an operation that needs a token gets one from `auth`; a request answered
 * 401 (the token was revoked or expired early) is sent once more with a renewed token.
 */
export function createCommerceClient(options: CommerceClientOptions): CommerceClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const baseFetch = options.fetch ?? globalThis.fetch;
  const tokens = options.auth ? new TokenSource((options.authUrl ?? baseUrl).replace(/\/+$/, ''), options.projectKey, options.auth, baseFetch) : undefined;

  // The generated client always calls fetch with a Request.
  async function fetchWithRetry(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    const sent = /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1];
    if (!tokens || sent === undefined) return baseFetch(request);
    const again = request.clone();
    const response = await baseFetch(request);
    if (response.status !== 401) return response;
    tokens.invalidate(sent);
    again.headers.set('Authorization', `Bearer ${await tokens.token()}`);
    return baseFetch(again);
  }

  const client = createClient(createConfig({ baseUrl, fetch: fetchWithRetry, auth: tokens ? () => tokens.token() : undefined }));
  return {
    client,
    projectKey: options.projectKey,
    tokens,
    async graphql(document, variables) {
      const res = await executeGraphQl({ client, path: { projectKey: options.projectKey }, body: { query: print(document), variables } });
      const payload = res.data as { data?: unknown; errors?: unknown } | undefined;
      if (res.error !== undefined || payload?.errors !== undefined || payload?.data == null) {
        throw new GraphQLRequestError(res.response.status, payload?.errors ?? res.error);
      }
      return payload.data as never;
    },
  };
}
