import { randomFillSync } from 'node:crypto';

/**
 * Random bytes drawn 8 per id from a pool refilled 512 ids at a time: one `randomFillSync` costs
 * ~8 µs whatever its size (a call into OpenSSL's generator), a third of an insert's own work. Node's
 * `randomUUID` pools the same way. Of each id's 8 bytes, byte 0 gives the variant's 6 random bits,
 * bytes 1-7 the rest.
 */
const POOL_IDS = 512;
const pool = Buffer.alloc(8 * POOL_IDS);
let poolOffset = pool.length;
let lastMs = 0;
let sequence = 0;

/**
 * A new resource id: a UUID (version 7, RFC 9562) whose first 48 bits are the creation time in
 * milliseconds, then a counter within the millisecond and random bits. Ids of resources created one
 * after another are therefore neighbours in every index on `id`: an insert touches the B-tree's
 * last page instead of a random one, so a commit writes fewer pages (SQLite's log, PostgreSQL's
 * WAL) and the index stays dense. To clients it is an opaque UUID, as the platform's ids are.
 */
export function newId(): string {
  let ms = Date.now();
  if (ms <= lastMs) {
    // Same millisecond (or the clock went back): keep ids increasing within this process.
    ms = lastMs;
    sequence++;
    if (sequence > 0xfff) {
      ms = ++lastMs;
      sequence = 0;
    }
  } else {
    lastMs = ms;
    sequence = 0;
  }
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const at = poolOffset;
  poolOffset += 8;
  const hex = pool.toString('hex', at, at + 8);
  const time = ms.toString(16).padStart(12, '0');
  const seq = (0x7000 | sequence).toString(16);
  const variant = ((pool[at] & 0x3f) | 0x80).toString(16).padStart(2, '0');
  return `${time.slice(0, 8)}-${time.slice(8)}-${seq}-${variant}${hex.slice(2, 4)}-${hex.slice(4, 16)}`;
}
