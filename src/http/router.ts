import type { Context } from 'koa';
import { operations, type OperationSpec, type Operations } from '../../generated/openapi/operations.js';
import type { AppServices, RequestContext } from '../context.js';
import { JsonText } from '../db/json-text.js';
import { MethodNotAllowedError, UriNotFoundError, InvalidJsonInputError } from '../errors/api-error.js';
import type { Authenticator } from './authenticator.js';
import { dropUnknownFields } from './known-fields.js';
import { readJsonBody } from './middleware/read-body.js';
import { replyJson } from './reply.js';
import { hasQueryString, requestPath } from './request-path.js';
import { RouteTable } from './route-table.js';
import type { HttpState } from './state.js';
import { bodyError, parameterError, validatorsOf, type OperationValidators } from './validation.js';

export interface HandlerResult {
  status?: number;
  /** A value to serialize, or stored JSON text to send as it is. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** A route handler receives the request context and the validated, typed input of its operation. */
export type Handler<K extends keyof Operations> = (ctx: RequestContext, input: Operations[K], http: Context) => Promise<HandlerResult>;

/** One handler per operation of the contract; a missing or mistyped handler fails the type-check. */
export type Handlers = { [K in keyof Operations]: Handler<K> };

type Koa = Context & { state: HttpState };
type OperationStep = (ctx: Koa, params: Record<string, string>) => Promise<void>;

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Dispatch for every operation of the contract, built once at start: the route table and the handler
 * of each operation (its validators at its first request). A request costs one table match and the steps of
 * its own operation: authentication, validation, handler.
 */
export function buildDispatcher(app: AppServices, handlers: Handlers, authenticator: Authenticator): (ctx: Koa) => Promise<void> {
  const table = new RouteTable<OperationStep>(
    operations.map((op) => ({
      method: op.method,
      path: op.path,
      route: operationStep(app, op, handlers[op.operationId] as Handler<typeof op.operationId>, authenticator),
    })),
  );
  // Not async: the operation's promise is handed on as it is (an async wrapper would add its own turns).
  return function dispatch(ctx) {
    // Node's own fields, not Koa's delegating getters: read on every request.
    const method = ctx.req.method!;
    const path = requestPath(ctx);
    const match = table.match(method, path);
    if (match === undefined) throw new UriNotFoundError(path);
    if ('methodNotAllowed' in match) throw new MethodNotAllowedError(method);
    return match.route(ctx, match.params);
  };
}

function operationStep(app: AppServices, op: OperationSpec, handler: Handler<keyof Operations>, authenticator: Authenticator): OperationStep {
  // Compiled at the operation's first request (validation.ts says why).
  let compiled: OperationValidators | undefined;
  const readsBody = WITH_BODY.has(op.method);
  // Koa's `ip` reads the forwarded header and builds a list even when no proxy is trusted; without
  // TRUST_PROXY it is the socket's address, read here directly.
  const sourceAddress: (ctx: Koa) => string | undefined = app.config.trustProxy
    ? (ctx) => ctx.ip || undefined
    : (ctx) => ctx.req.socket.remoteAddress || undefined;
  return async function runOperation(ctx, params) {
    const requestContext: RequestContext = {
      app,
      db: app.db,
      projectKey: params.projectKey ?? '',
      storeKey: params.storeKey,
      associateId: params.associateId,
      businessUnitKey: params.businessUnitKey,
      correlationId: ctx.state.correlationId,
      logger: app.logger,
      externalUserId: (ctx.req.headers['x-external-user-id'] as string | undefined) || undefined,
      sourceAddress: sourceAddress(ctx),
    };
    ctx.state.requestContext = requestContext;
    ctx.state.route = op.path;
    if (op.authenticated) {
      const principal = authenticator.authenticate(ctx, requestContext, op.scopes, params.storeKey);
      requestContext.principal = principal instanceof Promise ? await principal : principal;
    }
    const validators = (compiled ??= validatorsOf(op));
    if (validators.path && !validators.path(params)) throw parameterError('path', validators.path.errors![0]);
    // Koa parses the query string once; the validator coerces and defaults a copy of it.
    const query: Record<string, unknown> = hasQueryString(ctx) ? { ...ctx.query } : {};
    if (validators.query && !validators.query(query)) throw parameterError('query', validators.query.errors![0]);
    let body: unknown;
    if (readsBody) {
      body = await readJsonBody(ctx);
      if (body === undefined && op.bodyRequired) throw new InvalidJsonInputError('No content to map due to end-of-input');
      if (validators.body && body !== undefined) {
        if (!validators.body(body)) throw bodyError(validators.body.errors![0], body);
        dropUnknownFields(body, op.bodySchema as object);
      }
    }
    const input = { path: params, query, body, url: op.path } as unknown as Operations[keyof Operations];
    const result = await handler(requestContext, input, ctx);
    const status = result.status ?? 200;
    if (result.body !== undefined && ctx.req.method !== 'HEAD') {
      // Stored JSON goes out as stored: no parse, no stringify.
      replyJson(ctx, status, result.body instanceof JsonText ? result.body.text : JSON.stringify(result.body), result.headers);
      return;
    }
    if (result.headers) for (const name in result.headers) ctx.set(name, result.headers[name]);
    ctx.status = status;
  };
}
