import type { Context } from 'koa';
import getRawBody from 'raw-body';
import { InvalidJsonInputError, ResourceSizeLimitExceededError, UnsupportedMediaTypeError } from '../../errors/api-error.js';
import { parsedJsonProblem } from '../json-depth.js';
import type { HttpState } from '../state.js';

/** Resource documents are capped at 16 MB on the platform; a request body cannot be larger. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

/**
 * The body as text. A declared Content-Length over the limit is refused before anything is read; a
 * chunked body is cut off as soon as it passes the limit.
 */
async function readRaw(ctx: Context): Promise<string> {
  try {
    return await getRawBody(ctx.req, { limit: MAX_BODY_BYTES, length: ctx.get('Content-Length') || undefined, encoding: 'utf8' });
  } catch (err) {
    const type = err instanceof Error && 'type' in err ? err.type : undefined;
    if (type === 'entity.too.large') throw new ResourceSizeLimitExceededError('The request body exceeds the limit of 16 MB.');
    if (type === 'request.size.invalid') throw new InvalidJsonInputError('The request body does not match its Content-Length.');
    throw err;
  }
}

/** Reads and parses a JSON request body: wrong media type -> 415, malformed JSON -> 400 InvalidJsonInput. */
export async function readJsonBody(ctx: Context & { state: HttpState }): Promise<unknown> {
  const raw = await readRaw(ctx);
  if (raw.trim() === '') return undefined;
  if (!ctx.is('application/json')) {
    throw new UnsupportedMediaTypeError("Unsupported Content-Type: send the body as 'application/json'.");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (err) {
    throw new InvalidJsonInputError((err as Error).message);
  }
  const problem = parsedJsonProblem(parsed);
  if (problem !== undefined) throw new InvalidJsonInputError(problem);
  return parsed;
}
