import { newId } from './ids.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newId', () => {
  it('is a version 7 UUID of the RFC 9562 variant, starting with the creation time', () => {
    const before = Date.now();
    const id = newId();
    const after = Date.now();
    expect(id).toMatch(UUID_V7);
    const ms = parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(after + 1);
  });

  it('increases strictly from one id to the next, many in one millisecond, and never repeats', () => {
    const ids = Array.from({ length: 50_000 }, () => newId());
    for (let i = 1; i < ids.length; i++) {
      if (!(ids[i] > ids[i - 1])) throw new Error(`${ids[i]} does not sort after ${ids[i - 1]}`);
    }
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 1000)) expect(id).toMatch(UUID_V7);
  });

  it('draws fresh random bits for every id, across refills of the random pool', () => {
    // 5,000 ids span ten refills of the 512-id pool; a pool reused or read past its end repeats tails or breaks the format.
    const ids = Array.from({ length: 5_000 }, () => newId());
    for (const id of ids) expect(id).toMatch(UUID_V7);
    const tails = ids.map((id) => id.slice(20));
    expect(new Set(tails).size).toBe(ids.length);
  });
});
