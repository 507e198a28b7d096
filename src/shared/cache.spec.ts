import { TtlCache } from './cache.js';

describe('TtlCache', () => {
  let now = 1_000_000;
  const clock = () => now;

  it('keeps an entry for its TTL on the injected clock, then forgets it', () => {
    const cache = new TtlCache<string, string>(5000, 10, clock);
    cache.set('a', 'A');
    cache.set('b', 'B', 100);
    now += 100;
    expect(cache.get('b')).toBe('B');
    now += 1;
    expect(cache.get('b')).toBeUndefined();
    now += 4899;
    expect(cache.get('a')).toBe('A');
    now += 1;
    expect(cache.get('a')).toBeUndefined();
  });

  it('stores nothing for a TTL of 0 or less (TOKEN_CACHE_TTL_MS=0 reads the database every time)', () => {
    const cache = new TtlCache<string, string>(0, 10, clock);
    cache.set('a', 'A');
    expect(cache.get('a')).toBeUndefined();
    const other = new TtlCache<string, string>(5000, 10, clock);
    other.set('b', 'B');
    other.set('b', 'B2', -5);
    expect(other.get('b')).toBeUndefined();
  });

  it('drops the least recently used entry when full', () => {
    const cache = new TtlCache<string, number>(5000, 2, clock);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a');
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
  });

  it('deletes by key, by predicate, or everything', () => {
    const cache = new TtlCache<string, { client: string }>(5000, 10, clock);
    for (const [key, client] of [
      ['t1', 'x'],
      ['t2', 'y'],
      ['t3', 'x'],
    ])
      cache.set(key, { client });
    cache.deleteWhere((value) => value.client === 'x');
    expect([cache.get('t1'), cache.get('t2'), cache.get('t3')]).toEqual([undefined, { client: 'y' }, undefined]);
    cache.delete('t2');
    expect(cache.get('t2')).toBeUndefined();
    cache.set('t4', { client: 'z' });
    cache.clear();
    expect(cache.get('t4')).toBeUndefined();
  });

  it('does not keep a value read before something was forgotten (setIfCurrent with the generation taken before the read)', () => {
    const cache = new TtlCache<string, number>(5000, 10, clock);
    for (const forget of [() => cache.delete('other'), () => cache.deleteWhere(() => false), () => cache.clear()]) {
      const before = cache.generation;
      forget();
      cache.setIfCurrent(before, 'k', 1);
      expect(cache.get('k')).toBeUndefined();
    }
    cache.setIfCurrent(cache.generation, 'k', 2);
    expect(cache.get('k')).toBe(2);
  });
});
