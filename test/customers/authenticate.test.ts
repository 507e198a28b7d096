import { DEFAULT_SECRET_HASH_COST } from '../../src/security/secrets.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { createCustomer, createStore, managerToken, type CustomerBody } from './support.js';

// The credential check the OAuth password flows call (services.customers.authenticate); the
// customers are created through the HTTP API.
let server: TestServer;
let global: CustomerBody;
let inStore: CustomerBody;
const authenticate = (email: string, password: string, storeKey?: string) =>
  server.app.services.customers.authenticate({ projectKey: server.projectKey, storeKey }, email, password);

beforeAll(async () => {
  // At the production scrypt cost: the test compares the time of a hash verification with that of none.
  server = await startTestServer({ passwordHashCost: DEFAULT_SECRET_HASH_COST });
  const token = await managerToken(server);
  await createStore(server, token, 'store-a');
  await createStore(server, token, 'store-b');
  global = await createCustomer(server, token, { email: 'Grace@Example.com', password: 'global-pw' });
  inStore = await createCustomer(server, token, { email: 'grace@example.com', password: 'store-pw', stores: [{ key: 'store-a' }] });
});
afterAll(async () => {
  await server.close();
});

describe('CustomerService.authenticate', () => {
  it('finds a global customer by e-mail in any case and the right password', async () => {
    expect((await authenticate('GRACE@example.COM', 'global-pw'))?.id).toBe(global.id);
  });

  it('refuses a wrong password', async () => {
    expect(await authenticate('grace@example.com', 'wrong')).toBeUndefined();
  });

  it('refuses an unknown e-mail', async () => {
    expect(await authenticate('nobody@example.com', 'global-pw')).toBeUndefined();
  });

  it('finds a store customer only with one of its stores', async () => {
    expect((await authenticate('grace@example.com', 'store-pw', 'store-a'))?.id).toBe(inStore.id);
    expect(await authenticate('grace@example.com', 'store-pw', 'store-b')).toBeUndefined();
  });

  it('never finds a store customer without a store key', async () => {
    expect(await authenticate('grace@example.com', 'store-pw')).toBeUndefined();
  });

  it('never finds a global customer with a store key', async () => {
    expect(await authenticate('grace@example.com', 'global-pw', 'store-a')).toBeUndefined();
  });

  it('answers the customer with the masked password only', async () => {
    const found = await authenticate('grace@example.com', 'global-pw');
    expect(found?.password).toBe(global.password);
    expect(found?.password).toMatch(/^\*{4}.{4}$/);
  });

  it('spends a hash verification on an unknown e-mail too, so timing does not reveal accounts', async () => {
    const time = async (email: string) => {
      const start = performance.now();
      await authenticate(email, 'wrong');
      return performance.now() - start;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time('grace@example.com'));
      unknown.push(await time(`nobody-${i}@example.com`));
    }
    // A scrypt verification costs tens of milliseconds, a missed index lookup well under one.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });
});
