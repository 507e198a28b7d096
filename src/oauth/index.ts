import type { Context, Middleware } from 'koa';
import type { AppServices, Principal, RequestContext } from '../context.js';
import { InvalidTokenError } from '../errors/api-error.js';
import type { Authenticator } from '../http/authenticator.js';
import type { Services } from '../services/index.js';

export interface OAuthModule {
  /** The /oauth/... endpoints, mounted before the API router. */
  routes: Middleware;
  authenticator: Authenticator;
  close(): Promise<void>;
}

/** Placeholder until the authorization service lands: every bearer token is refused. */
export async function createOAuthModule(app: AppServices, services: Services): Promise<OAuthModule> {
  void app;
  void services;
  return {
    routes: async function oauthRoutes(_ctx, next) {
      await next();
    },
    authenticator: {
      async authenticate(_http: Context, _ctx: RequestContext): Promise<Principal> {
        throw new InvalidTokenError();
      },
    },
    close: async () => undefined,
  };
}
