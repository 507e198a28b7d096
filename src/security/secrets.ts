import { hash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { TooManyRequestsError } from '../errors/api-error.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** A random string over [A-Za-z0-9_-] (the platform's id and token alphabet), unbiased. */
export function randomToken(length: number): string {
  const out: string[] = [];
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (out.length === length) break;
      if (byte < 256 - (256 % ALPHABET.length)) out.push(ALPHABET[byte % ALPHABET.length]);
    }
  }
  return out.join('');
}

// scrypt N=2^15 (r=8, p=1): ~50 ms per hash here; salted per secret. Format: scrypt$N$r$p$salt$hash.
const PARAMS = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

/**
 * scrypt runs on libuv's thread pool, which file and DNS work share; at most this many derivations
 * run at once and the rest queue, so a burst of sign-ins cannot starve the process.
 */
const MAX_CONCURRENT_DERIVATIONS = 2;
/**
 * Derivations waiting beyond this many (about 5 s of work) are refused at once with 429 instead of
 * queueing without bound: the global limit on slow-hash work, whoever asks for it.
 */
export const MAX_QUEUED_DERIVATIONS = 200;
let running = 0;
const queue: Array<() => void> = [];

async function derive(secret: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  // A finishing derivation hands its slot straight to the next in the queue, so the bound is exact.
  if (running < MAX_CONCURRENT_DERIVATIONS) running++;
  else if (queue.length >= MAX_QUEUED_DERIVATIONS) throw new TooManyRequestsError(1, 'The server is busy verifying credentials. Retry later.');
  else await new Promise<void>((resolve) => queue.push(resolve));
  try {
    return await new Promise((resolve, reject) =>
      scrypt(secret.normalize('NFC'), salt, KEY_LENGTH, opts, (err, key) => (err ? reject(err) : resolve(key))),
    );
  } finally {
    const next = queue.shift();
    if (next) next();
    else running--;
  }
}

/** Salted, deliberately slow hash for passwords and client secrets. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(secret, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Constant-time check of a secret against a stored hash; false for any malformed hash. */
export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(secret, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p), maxmem: PARAMS.maxmem });
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A fast digest for high-entropy machine secrets held in memory after a slow verification. */
export function secretDigest(secret: string): Buffer {
  return hash('sha256', secret, 'buffer');
}

/** The same digest as hex text, for keys (crypto.hash is one native call: it runs on every API request). */
export function secretDigestHex(secret: string): string {
  return hash('sha256', secret, 'hex');
}

export function digestsEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
