import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { operations, type OperationSpec, type Operations } from '../../generated/openapi/operations.js';
import type { AppServices, RequestContext } from '../context.js';
import { ApiError, MethodNotAllowedError } from '../errors/api-error.js';
import { readJsonBody } from './middleware/read-body.js';
import type { HttpState } from './state.js';
import { bodyError, compileValidators, parameterError } from './validation.js';
import type { Authenticator } from './authenticator.js';

export interface HandlerResult {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A route handler receives the request context and the validated, typed input of its operation. */
export type Handler<K extends keyof Operations> = (ctx: RequestContext, input: Operations[K], http: Context) => Promise<HandlerResult>;

/** One handler per operation of the contract; a missing or mistyped handler fails the type-check. */
export type Handlers = { [K in keyof Operations]: Handler<K> };

type Koa = Context & { state: HttpState };

function notFound(ctx: Koa): never {
  throw new ApiError(404, 'ResourceNotFound', `The endpoint ${ctx.method} ${ctx.path} was not found.`);
}

/** Registers every operation of the route table with: authentication, validation, handler. */
export function buildRouter(app: AppServices, handlers: Handlers, authenticator: Authenticator): Router<HttpState> {
  const router = new Router<HttpState>();
  // @koa/router also answers HEAD with a GET route; explicit HEAD operations are registered first
  // so they win (the relative order of paths, most specific first, is kept within each group).
  const ordered = [...operations.filter((op) => op.method === 'HEAD'), ...operations.filter((op) => op.method !== 'HEAD')];
  for (const op of ordered) {
    router.register(op.koaPath, [op.method], [operationStep(app, op, handlers[op.operationId] as Handler<typeof op.operationId>, authenticator)], {
      name: op.operationId,
    });
  }
  return router;
}

function operationStep(app: AppServices, op: OperationSpec, handler: Handler<keyof Operations>, authenticator: Authenticator): Middleware<HttpState> {
  const validators = compileValidators(op);
  const step = async function runOperation(ctx: Koa) {
    const params = ctx.params as Record<string, string>;
    const projectKey = params.projectKey ?? '';
    const requestContext: RequestContext = {
      app,
      db: app.db,
      projectKey,
      correlationId: ctx.state.correlationId,
      logger: app.logger,
      externalUserId: ctx.get('X-External-User-ID') || undefined,
    };
    ctx.state.requestContext = requestContext;
    if (op.authenticated) {
      requestContext.principal = await authenticator.authenticate(ctx, requestContext, op.scopes);
    }
    const path = { ...params };
    if (validators.path && !validators.path(path)) throw parameterError('path', validators.path.errors![0]);
    const query: Record<string, unknown> = { ...ctx.query };
    if (validators.query && !validators.query(query)) throw parameterError('query', validators.query.errors![0]);
    let body: unknown;
    if (op.method === 'POST' || op.method === 'PUT' || op.method === 'PATCH') {
      body = await readJsonBody(ctx);
      if (body === undefined && op.bodyRequired) throw new ApiError(400, 'InvalidJsonInput', 'Request body does not contain valid JSON.', { detailedErrorMessage: 'No content to map due to end-of-input' });
      if (validators.body && body !== undefined && !validators.body(body)) throw bodyError(validators.body.errors![0], body);
    }
    const input = { path, query, body, url: op.path } as unknown as Operations[keyof Operations];
    const result = await handler(requestContext, input, ctx);
    for (const [name, value] of Object.entries(result.headers ?? {})) ctx.set(name, value);
    ctx.status = result.status ?? 200;
    if (result.body !== undefined && ctx.method !== 'HEAD') ctx.body = result.body;
  };
  return step as unknown as Middleware<HttpState>;
}

/** Unknown routes and methods, in the platform's envelope (after the router found nothing to run). */
export function fallbackRoutes(router: Router<HttpState>): Middleware<HttpState>[] {
  return [
    async function endpointNotFound(ctx) {
      const match = router.match(ctx.path, ctx.method);
      if (match.path.length > 0) throw new MethodNotAllowedError(ctx.method);
      notFound(ctx as Koa);
    },
  ];
}
