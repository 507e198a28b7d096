import { api, clientToken } from './support/auth.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await clientToken(server, 'manage_project:test');
});
afterAll(async () => {
  await server.close();
});

function nested(depth: number, leaf: unknown = 1): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

function post(path: string, body: string | unknown): Promise<Response> {
  return server.request(path, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('deeply nested JSON', () => {
  it.each([
    ['a store draft', '/test/stores'],
    ['a customer draft (addresses are where arbitrary JSON could hide)', '/test/customers'],
    ['a GraphQL request', '/test/graphql'],
  ])('%s nested 100 000 levels deep is 400 InvalidJsonInput, not a 500', async (_name, path) => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const res = await post(path, `{"key":"deep-one","variables":${deep}}`);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors[0]).toMatchObject({ code: 'InvalidJsonInput', detailedErrorMessage: expect.stringContaining('deeper than 64') });
  });

  it('a value nested 65 levels is refused, 60 levels passes the depth check (and then meets the schema)', async () => {
    const tooDeep = await post('/test/stores', { key: 'deep-two', custom: nested(65) });
    expect((await tooDeep.json()).errors[0].code).toBe('InvalidJsonInput');
    const deepEnough = await post('/test/stores', { key: 'deep-two', name: nested(60) });
    expect(deepEnough.status).toBe(400);
    expect((await deepEnough.json()).errors[0].code).not.toBe('InvalidJsonInput');
  });
});

describe('numbers JSON cannot carry exactly', () => {
  // A custom field of type Number takes any number, so the value reaches storage unless refused first.
  beforeAll(async () => {
    const type = await post('/test/types', {
      key: 'numbers',
      name: { en: 'numbers' },
      resourceTypeIds: ['channel'],
      fieldDefinitions: [{ name: 'amount', type: { name: 'Number' }, required: false, label: { en: 'amount' } }],
    });
    expect(type.status).toBe(201);
  });

  it.each([
    ['1e400', 'too large'],
    ['-1e400', 'too large'],
    ['9007199254740993', 'cannot be represented exactly'],
    ['-9007199254740993', 'cannot be represented exactly'],
    ['18446744073709551616', 'cannot be represented exactly'],
  ])('%s is 400 InvalidJsonInput, and nothing is stored', async (literal, says) => {
    const key = `number-${literal.replace(/[^0-9a-z]/g, '')}`;
    const res = await post('/test/channels', `{"key":"${key}","roles":["InventorySupply"],"custom":{"type":{"key":"numbers"},"fields":{"amount":${literal}}}}`);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors[0]).toMatchObject({ code: 'InvalidJsonInput', detailedErrorMessage: expect.stringContaining(says) });
    const stored = await server.request(`/test/channels/key=${key}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(stored.status).toBe(404);
  });

  it('the largest exact integers pass, and keep their value', async () => {
    const res = await post(
      '/test/channels',
      `{"key":"number-max","roles":["InventorySupply"],"custom":{"type":{"key":"numbers"},"fields":{"amount":9007199254740991}}}`,
    );
    expect(res.status).toBe(201);
    expect((await res.json()).custom.fields.amount).toBe(9007199254740991);
  });

  it('a version or a GraphQL variable beyond 2^53 is refused the same way', async () => {
    const update = await post('/test/channels/key=number-max', '{"version":9007199254740993,"actions":[]}');
    expect((await update.json()).errors[0].code).toBe('InvalidJsonInput');
    const graphql = await post('/test/graphql', '{"query":"query($v: Long) { project { version } }","variables":{"v":1e400}}');
    expect(graphql.status).toBe(400);
    expect((await graphql.json()).errors[0].code).toBe('InvalidJsonInput');
  });
});

describe('request bodies over 16 MB', () => {
  it('are 413 ResourceSizeLimitExceeded, declared or streamed in chunks, and nothing is stored', async () => {
    const big = JSON.stringify({ key: 'too-big', name: { en: 'x'.repeat(16 * 1024 * 1024) } });
    const declared = await post('/test/stores', big);
    expect(declared.status).toBe(413);
    expect((await declared.json()).errors[0].code).toBe('ResourceSizeLimitExceeded');
    const chunks = new Blob([big]).stream();
    const streamed = await server.request('/test/stores', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    const stored = await server.request('/test/stores/key=too-big', { headers: { Authorization: `Bearer ${token}` } });
    expect(stored.status).toBe(404);
  });
});

describe('invalid values in errors', () => {
  it('echoes a small invalid value', async () => {
    const res = await post('/test/stores', { key: 'small-value', languages: [42] });
    expect(res.status).toBe(400);
    const error = (await res.json()).errors[0];
    expect(error).toMatchObject({ code: 'InvalidField', invalidValue: 42 });
  });

  it('leaves a large invalid value out of the answer', async () => {
    const big = { blob: 'x'.repeat(100_000) };
    const res = await post('/test/stores', { key: 'big-value', languages: [big] });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text.length).toBeLessThan(1000);
    const error = JSON.parse(text).errors[0];
    expect(error.code).toBe('InvalidField');
    expect(error).not.toHaveProperty('invalidValue');
  });
});

describe('only known fields are stored', () => {
  it('drops properties the contract does not declare, at the top and inside addresses', async () => {
    const res = await post('/test/customers', {
      email: 'closed-schema@example.com',
      password: 'secret-123',
      addresses: [{ country: 'DE', city: 'Berlin', evil: { deep: ['payload'] } }],
      somethingElse: 'ignored',
    });
    expect(res.status).toBe(201);
    const { customer } = await res.json();
    expect(customer).not.toHaveProperty('somethingElse');
    expect(customer.addresses[0]).toEqual({ id: expect.any(String), country: 'DE', city: 'Berlin' });
    const stored = await (await api(server, token, `/test/customers/${customer.id}`)).json();
    expect(stored.addresses[0]).not.toHaveProperty('evil');
    expect(JSON.stringify(stored)).not.toContain('payload');
  });

  it('keeps the open parts: every locale of a localized string', async () => {
    const res = await post('/test/stores', { key: 'open-parts', name: { en: 'Shop', 'de-CH': 'Laden' }, unknownTop: true });
    expect(res.status).toBe(201);
    const store = await res.json();
    expect(store.name).toEqual({ en: 'Shop', 'de-CH': 'Laden' });
    expect(store).not.toHaveProperty('unknownTop');
  });

  it('keeps the fields of the update action the body names', async () => {
    const created = await (await post('/test/stores', { key: 'action-fields' })).json();
    const res = await post(`/test/stores/${created.id}`, { version: created.version, actions: [{ action: 'setName', name: { en: 'Named' }, stray: 1 }] });
    expect(res.status).toBe(200);
    expect((await res.json()).name).toEqual({ en: 'Named' });
  });

  it('narrows each action of a body to its own fields, action by action', async () => {
    // The actions' schema is a union chosen by `action`: what one action declares must not decide what the next keeps.
    const created = await (await post('/test/stores', { key: 'two-actions' })).json();
    const actions = [
      { action: 'setName', name: { en: 'Two' }, languages: ['de'] },
      { action: 'setLanguages', languages: ['en'], name: { en: 'stray' } },
      { action: 'setName', name: { en: 'Twice' }, stray: true },
    ];
    const res = await post(`/test/stores/${created.id}`, { version: created.version, actions });
    expect(res.status).toBe(200);
    const store = await res.json();
    expect(store.name).toEqual({ en: 'Twice' });
    expect(store.languages).toEqual(['en']);
  });
});

describe('values one database cannot hold', () => {
  // PostgreSQL refuses NUL in text and JSON; SQLite takes it. Either way the answer is not a 500.
  it.each([
    ['a key in the path', () => api(server, token, '/test/stores/key=%00', { method: 'HEAD' })],
    ['a key in a draft', () => post('/test/stores', { key: 'nul-key', name: { en: 'a\u0000b' } })],
    ['a predicate value', () => api(server, token, `/test/stores?where=${encodeURIComponent('key = "a\\u0000"')}`)],
  ])('a NUL character in %s is never a 500', async (_name, call) => {
    const res = await call();
    expect(res.status).toBeLessThan(500);
  });
});
