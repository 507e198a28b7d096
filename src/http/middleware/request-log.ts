import type { Context } from 'koa';
import { accessLineWriter, requestLineLogger, type Logger } from '../../logger.js';
import type { HttpState } from '../state.js';

/** pino's numeric level for `info`, so the line reads like every other log line. */
const INFO = 30;

/** Printable ASCII without quote or backslash needs no JSON escaping (the usual path; ids are validated). */
const PLAIN = /^[\x20-\x21\x23-\x5b\x5d-\x7e]*$/;
const quoted = (value: string): string => (PLAIN.test(value) ? `"${value}"` : JSON.stringify(value));

/** One structured line per request, carrying the correlation id. Query strings and bodies are not logged. */
export function accessLog(appLogger: Logger): (ctx: Context & { state: HttpState }, start: bigint) => void {
  const logger = requestLineLogger(appLogger);
  // Written for every request, so it is serialized here rather than through pino's generic path.
  const write = accessLineWriter(appLogger);
  return function logRequest(ctx, start) {
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    const clientId = ctx.state.requestContext?.principal?.clientId;
    if (write) {
      write(
        `{"level":${INFO},"time":${Date.now()},"correlationId":${quoted(ctx.state.correlationId)},"method":${quoted(ctx.method)},` +
          `"path":${quoted(ctx.path)},"status":${ctx.status},"ms":${ms}${clientId ? `,"clientId":${quoted(clientId)}` : ''},"msg":"request"}\n`,
      );
    } else {
      logger.info({ correlationId: ctx.state.correlationId, method: ctx.method, path: ctx.path, status: ctx.status, ms, clientId }, 'request');
    }
  };
}
