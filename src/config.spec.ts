import { loadConfig } from './config.js';
import { DEFAULT_SECRET_HASH_COST, hashSecret, verifySecret } from './security/secrets.js';

describe('configuration', () => {
  test('with nothing set, new secrets are hashed at the production cost (scrypt N = 2^15)', async () => {
    const config = loadConfig({});
    expect(config.passwordHashCost).toBe(DEFAULT_SECRET_HASH_COST);
    expect(DEFAULT_SECRET_HASH_COST).toBe(15);
    const stored = await hashSecret('s3cret', config.passwordHashCost);
    expect(stored.split('$').slice(0, 4)).toEqual(['scrypt', '32768', '8', '1']);
    expect(await verifySecret('s3cret', stored)).toBe(true);
  });

  test('PASSWORD_HASH_COST sets the cost of new hashes; a hash of another cost still verifies', async () => {
    const cheap = await hashSecret('s3cret', loadConfig({ PASSWORD_HASH_COST: '4' }).passwordHashCost);
    expect(cheap.split('$')[1]).toBe('16');
    expect(await verifySecret('s3cret', cheap)).toBe(true);
    expect(await verifySecret('other', cheap)).toBe(false);
  });

  test('a cost outside 1..20 or not a number is refused at start', () => {
    expect(() => loadConfig({ PASSWORD_HASH_COST: '0' })).toThrow(/PASSWORD_HASH_COST/);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '21' })).toThrow(/PASSWORD_HASH_COST/);
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'cheap' })).toThrow(/PASSWORD_HASH_COST/);
  });

  test('numbers are read from the environment passed in, not the process environment', () => {
    expect(loadConfig({ PORT: '9999' }).port).toBe(9999);
    expect(loadConfig({}).port).toBe(8080);
  });
});
