import Koa from 'koa';
import type { AppServices } from './context.js';
import { correlationId } from './http/middleware/correlation-id.js';
import { errorHandler } from './http/middleware/error-handler.js';
import { requestLimits } from './http/middleware/request-limits.js';
import { requestLog } from './http/middleware/request-log.js';
import { allHandlers } from './http/routes/index.js';
import { buildRouter, fallbackRoutes } from './http/router.js';
import type { HttpState } from './http/state.js';
import { createOAuthModule, type OAuthModule } from './oauth/index.js';
import { createServices, type Services } from './services/index.js';

export interface App {
  koa: Koa<HttpState>;
  services: Services;
  oauth: OAuthModule;
}

/** Composes the Koa app: edge middleware, the OAuth endpoints, then the API routes. Nothing else. */
export async function createApp(app: AppServices): Promise<App> {
  const services = createServices(app);
  const oauth = await createOAuthModule(app, services);
  const koa = new Koa<HttpState>({ proxy: true });
  const router = buildRouter(app, allHandlers(app, services), oauth.authenticator);
  // The log line wraps everything so it records the final status; errors are rendered inside it,
  // and the correlation id is assigned inside the error renderer so even its own rejection is rendered.
  koa.use(requestLog(app.logger));
  koa.use(errorHandler(app.logger));
  koa.use(correlationId());
  koa.use(requestLimits());
  koa.use(oauth.routes as Koa.Middleware<HttpState>);
  koa.use(router.routes());
  for (const step of fallbackRoutes(router)) koa.use(step);
  return { koa, services, oauth };
}
