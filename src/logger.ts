import pino, { type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs. Secrets never reach a log line: authorization headers and bodies are not logged. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: { paths: ['req.headers.authorization', 'headers.authorization', '*.secret', '*.password', '*.clientSecret'], remove: true },
  });
}
