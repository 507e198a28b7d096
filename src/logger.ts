import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

const requestLoggers = new WeakMap<Logger, Logger>();
const lineWriters = new WeakMap<Logger, (line: string) => void>();

/**
 * Structured JSON logs on stdout. Writes are buffered (4 KB) so that logging a line per request
 * stays off the hot path; `flushLogger` runs on shutdown. Secrets never reach a log line:
 * authorization headers, secrets and passwords are redacted, and bodies are not logged.
 */
export function createLogger(level: string, to?: DestinationStream): Logger {
  // `to` replaces stdout (tests read the lines the production configuration writes).
  const destination = level === 'silent' ? undefined : (to ?? pino.destination({ dest: 1, sync: false, minLength: 4096 }));
  const logger = pino(
    {
      level,
      base: undefined,
      redact: { paths: ['req.headers.authorization', 'headers.authorization', '*.secret', '*.password', '*.clientSecret'], remove: true },
    },
    destination,
  );
  // The per-request line is built from a fixed set of non-secret fields, so it skips the redaction pass.
  requestLoggers.set(logger, pino({ level, base: undefined }, destination));
  if (destination && logger.isLevelEnabled('info')) {
    const write = batchedLines(destination);
    lineWriters.set(logger, write);
    pendingFlushes.set(logger, write.flush);
  }
  // Buffered lines still reach the terminal within a second when traffic is light.
  if (destination && !to) setInterval(() => flushLogger(logger), 1000).unref();
  return logger;
}

const pendingFlushes = new WeakMap<Logger, () => void>();

/**
 * Access lines collected for one event-loop turn and handed to the destination together: a write to
 * the destination costs about 2 µs whatever its length, a string append a few ns. The lines still go
 * through the one destination, so they never interleave with other log lines mid-line.
 */
function batchedLines(destination: DestinationStream): ((line: string) => void) & { flush(): void } {
  let pending = '';
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending === '') return;
    const text = pending;
    pending = '';
    destination.write(text);
  };
  const write = (line: string) => {
    pending += line;
    if (pending.length > 65_536) flush();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  return Object.assign(write, { flush });
}

/** The logger for the one line per request (method, path, status, duration, ids). */
export function requestLineLogger(logger: Logger): Logger {
  return requestLoggers.get(logger) ?? logger;
}

/**
 * Direct access to the logger's destination for the access-log line, which the request-log step
 * serializes itself (in pino's line format) because it is written for every request. Undefined
 * when the logger has no such destination (silent, or a logger built elsewhere, as in tests).
 */
export function accessLineWriter(logger: Logger): ((line: string) => void) | undefined {
  return lineWriters.get(logger);
}

export function flushLogger(logger: Logger): void {
  try {
    pendingFlushes.get(logger)?.();
    logger.flush();
  } catch {
    // Nothing buffered, or stdout already closed.
  }
}
