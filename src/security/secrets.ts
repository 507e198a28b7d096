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

/**
 * scrypt's cost for new hashes, as log2 of N, unless configured (PASSWORD_HASH_COST): N=2^15 with r=8,
 * p=1 takes ~50 ms and 32 MiB per hash on a server core. Each hash carries its own parameters
 * (scrypt$N$r$p$salt$hash), so a changed cost applies to new secrets and old ones still verify.
 */
export const DEFAULT_SECRET_HASH_COST = 15;
const R = 8;
const P = 1;
const MAXMEM = 64 * 1024 * 1024;
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
    return await new Promise((resolve, reject) => scrypt(secret.normalize('NFC'), salt, KEY_LENGTH, opts, (err, key) => (err ? reject(err) : resolve(key))));
  } finally {
    const next = queue.shift();
    if (next) next();
    else running--;
  }
}

/** Salted, deliberately slow hash for passwords and client secrets, at scrypt cost N = 2^cost. */
export async function hashSecret(secret: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** cost;
  const key = await derive(secret, salt, { N, r: R, p: P, maxmem: MAXMEM });
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Constant-time check of a secret against a stored hash; false for any malformed hash. */
export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(secret, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p), maxmem: MAXMEM });
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
