import type { Context } from 'koa';
import { ApiError, InvalidJsonInputError } from '../../errors/api-error.js';
import { exceedsDepth, MAX_JSON_DEPTH } from '../json-depth.js';
import type { HttpState } from '../state.js';

/** Resource documents are capped at 16 MB on the platform; a request body cannot be larger. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

async function readRaw(ctx: Context): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new ApiError(413, 'ResourceSizeLimitExceeded', 'The request body exceeds the limit of 16 MB.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads and parses a JSON request body: wrong media type -> 415, malformed JSON -> 400 InvalidJsonInput. */
export async function readJsonBody(ctx: Context & { state: HttpState }): Promise<unknown> {
  const raw = await readRaw(ctx);
  if (raw.trim() === '') return undefined;
  if (!ctx.is('application/json')) {
    throw new ApiError(415, 'InvalidInput', "Unsupported Content-Type: send the body as 'application/json'.");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (err) {
    throw new InvalidJsonInputError((err as Error).message);
  }
  if (exceedsDepth(parsed)) throw new InvalidJsonInputError(`The JSON value nests deeper than ${MAX_JSON_DEPTH} levels.`);
  return parsed;
}
