import { DatabaseUnavailableError } from './errors/api-error.js';
import type { Config } from './config.js';

/** The database URL without its password, for messages. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}

/**
 * One line saying why the server (or the admin command line) could not start, for the errors an
 * operator can fix: the port, the database, the configuration. Anything else keeps its own message.
 */
export function describeStartupError(err: unknown, config: Pick<Config, 'host' | 'port' | 'databaseUrl'> | undefined): string {
  // A lost database connection is wrapped for the API's answer (503); the driver's error says why.
  if (err instanceof DatabaseUnavailableError && err.cause !== undefined) return describeStartupError(err.cause, config);
  const e = err as { code?: string; message?: string; syscall?: string; errors?: { message?: string }[] };
  const database = config ? redactUrl(config.databaseUrl) : 'the database';
  const reason = e?.message || e?.errors?.map((x) => x.message).join('; ') || e?.code || String(err);
  switch (e?.code) {
    case 'EADDRINUSE':
      return `port ${config?.port} on ${config?.host} is already in use: stop the other process or set PORT`;
    case 'EACCES':
      if (e.syscall === 'listen') return `not allowed to listen on ${config?.host}:${config?.port}: choose a PORT above 1023`;
      break;
    case 'EADDRNOTAVAIL':
      return `cannot listen on ${config?.host}: no such address on this machine (set HOST)`;
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
      return `cannot reach the database at ${database}: ${reason}`;
    case '28P01':
    case '28000':
      return `the database refused the credentials in DATABASE_URL (${database}): ${reason}`;
    case '3D000':
      return `the database named in DATABASE_URL does not exist (${database}): ${reason}`;
    case 'SQLITE_CANTOPEN':
      return `cannot open the database file of ${database}: ${reason}`;
    case 'ERR_INVALID_URL':
      return `DATABASE_URL is not a valid URL (${database})`;
  }
  return `${reason}`;
}
