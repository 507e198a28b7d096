import type { Context } from 'koa';
import { accessLineWriter, requestLineLogger, type Logger } from '../../shared/logger.js';
import { requestPath } from '../request-path.js';
import type { HttpState } from '../state.js';

/** pino's numeric level for `info`, so the line reads like every other log line. */
const INFO = 30;

/** Printable ASCII without quote or backslash needs no JSON escaping (the usual path; ids are validated). */
const PLAIN = /^[\x20-\x21\x23-\x5b\x5d-\x7e]*$/;
const quoted = (value: string): string => (PLAIN.test(value) ? `"${value}"` : JSON.stringify(value));

/** Nanoseconds as milliseconds with three decimals, in integer arithmetic (a double's shortest form costs more). */
function milliseconds(ns: bigint): string {
  const us = Math.round(Number(ns) / 1000);
  const fraction = us % 1000;
  return `${(us - fraction) / 1000}.${fraction < 10 ? '00' : fraction < 100 ? '0' : ''}${fraction}`;
}

/**
 * One structured line per request, carrying the correlation id. Query strings and bodies are not logged.
 * The correlation id (validated or generated: `correlation-id.ts`) and the method (Node's parser knows
 * only token methods) never need escaping; the path and the client id are checked.
 */
export function accessLog(appLogger: Logger): (ctx: Context & { state: HttpState }, start: bigint) => void {
  const logger = requestLineLogger(appLogger);
  // Written for every request, so it is serialized here rather than through pino's generic path.
  const write = accessLineWriter(appLogger);
  return function logRequest(ctx, start) {
    const elapsed = process.hrtime.bigint() - start;
    const clientId = ctx.state.requestContext?.principal?.clientId;
    // Before the correlation id was assigned (a preflight, a refused request) it may still be missing.
    const correlationId = ctx.state.correlationId;
    if (write) {
      write(
        `{"level":${INFO},"time":${Date.now()},${correlationId !== undefined ? `"correlationId":"${correlationId}",` : ''}"method":"${ctx.req.method}",` +
          `"path":${quoted(requestPath(ctx))},"status":${ctx.res.statusCode},"ms":${milliseconds(elapsed)}${clientId ? `,"clientId":${quoted(clientId)}` : ''},"msg":"request"}\n`,
      );
    } else {
      logger.info({ correlationId, method: ctx.method, path: requestPath(ctx), status: ctx.status, ms: Number(elapsed) / 1e6, clientId }, 'request');
    }
  };
}
