import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

const requestLoggers = new WeakMap<Logger, Logger>();
const lineWriters = new WeakMap<Logger, (line: string) => void>();

/**
 * Structured JSON logs on stdout. Writes are buffered so that logging a line per request
 * stays off the hot path; `flushLogger` runs on shutdown. Secrets never reach a log line:
 * authorization headers, secrets and passwords are redacted, and bodies are not logged.
 */
export function createLogger(level: string, to?: DestinationStream): Logger {
  // `to` replaces stdout (tests read the lines the production configuration writes).
  const destination = level === 'silent' ? undefined : (to ?? pino.destination({ dest: 1, sync: false, minLength: 4096 }));
  const accessLines = destination && pino.levels.values[level] <= pino.levels.values.info ? batchedLines(destination) : undefined;
  const logger = pino(
    {
      level,
      base: undefined,
      redact: { paths: ['req.headers.authorization', 'headers.authorization', '*.secret', '*.password', '*.clientSecret'], remove: true },
      // Access lines still waiting go out first, so the destination keeps every line in the order it was logged.
      hooks: accessLines
        ? {
            logMethod(args, method) {
              accessLines.flush();
              method.apply(this, args);
            },
          }
        : {},
    },
    destination,
  );
  // The per-request line is built from a fixed set of non-secret fields, so it skips the redaction pass.
  requestLoggers.set(logger, pino({ level, base: undefined }, destination));
  if (accessLines) {
    lineWriters.set(logger, accessLines);
    pendingFlushes.set(logger, accessLines.flush);
  }
  // Buffered lines still reach the destination within a second when traffic is light.
  if (destination) setInterval(() => flushLogger(logger), 1000).unref();
  // A process that ends without a shutdown (an uncaught exception, process.exit) still writes what it holds.
  if (destination && !to) {
    process.once('exit', () => {
      try {
        accessLines?.flush();
        (destination as DestinationStream & { flushSync?: () => void }).flushSync?.();
      } catch {
        // stdout already closed.
      }
    });
  }
  return logger;
}

const pendingFlushes = new WeakMap<Logger, () => void>();

/**
 * Access lines collected in memory and handed to the destination 64 K characters at a time, every second,
 * before any other log line and on shutdown (`flushLogger`).
 *
 * Why not per event-loop turn, as before: handing the lines over each turn (a `setImmediate`, then
 * sonic-boom's write to the file on libuv's thread pool every 4 KB) cost ~20 µs of CPU per request under
 * load on this machine's virtual CPUs, where every extra system call and thread wake-up is dear: an A/B of
 * GET store by id measured 75 against 52 µs per request with the lines built but not written (bench/notes.md). sonic-boom already held lines back until it had 4 KB, flushed every second, so a line reached
 * the file as late before as now when traffic is light. The lines still go through the one destination,
 * so they never interleave with other log lines mid-line.
 */
function batchedLines(destination: DestinationStream): ((line: string) => void) & { flush(): void } {
  let pending = '';
  const flush = () => {
    if (pending === '') return;
    const text = pending;
    pending = '';
    destination.write(text);
  };
  const write = (line: string) => {
    pending += line;
    if (pending.length > 65_536) flush();
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
