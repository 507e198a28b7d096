import { jest } from '@jest/globals';
import { operations } from '../../generated/openapi/operations.js';
import { api, clientToken } from '../support/auth.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * A seeded fuzzer of our own over every operation of the contract (the route table, so new endpoints
 * are covered as they land): random and mutated bodies, query parameters, path values, headers,
 * tokens and GraphQL documents. The rules: never a 5xx, and every error in the platform's envelope.
 * FUZZ_SEED and FUZZ_REQUESTS reproduce or extend a run; a failure prints the seed and the request.
 */
jest.setTimeout(120_000);

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 700);

/** mulberry32: small, fast, deterministic. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = prng(SEED);
const int = (n: number) => Math.floor(random() * n);
const pick = <T>(items: readonly T[]): T => items[int(items.length)];
const chance = (p: number) => random() < p;

const NASTY_STRINGS = [
  '',
  ' ',
  'a',
  'x'.repeat(300),
  'ü',
  'e\u0301',
  '😀',
  '\u0000',
  '\u202e',
  '\ud800',
  '%',
  '%00',
  '%zz',
  '../..',
  '/',
  '\\',
  '"',
  "'",
  "' OR 1=1 --",
  '${x}',
  '{{x}}',
  '<script>',
  'null',
  'true',
  '-1',
  '1e309',
  'NaN',
  '__proto__',
  'constructor',
  'key = "a"',
  ')',
  '(',
  'not',
  'and or',
  '"unterminated',
  'k'.repeat(5000),
];

function randomString(): string {
  if (chance(0.6)) return pick(NASTY_STRINGS);
  const length = int(20);
  let out = '';
  for (let i = 0; i < length; i++) out += String.fromCharCode(chance(0.8) ? 32 + int(95) : int(0x3000));
  return out;
}

function randomJson(depth = 0): unknown {
  const kind = int(depth > 4 ? 5 : 8);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return chance(0.5);
    case 2:
      // Numbers past double precision on purpose: the server must answer them as the JSON parser reads them.
      // eslint-disable-next-line no-loss-of-precision
      return pick([0, -0, 1, -1, 0.5, 1e308, -1e308, 2 ** 53 + 1, 1e21, 123456789012345678901234567890]);
    case 3:
    case 4:
      return randomString();
    case 5:
      return Array.from({ length: int(4) }, () => randomJson(depth + 1));
    default: {
      const obj: Record<string, unknown> = {};
      for (let i = 0; i < int(5); i++)
        obj[chance(0.3) ? pick(['__proto__', 'constructor', 'version', 'actions', 'key', 'action', 'name', 'custom', 'email']) : randomString()] = randomJson(
          depth + 1,
        );
      return obj;
    }
  }
}

/** Plausible drafts and updates, so the fuzzer also gets past the first validation step. */
const SAMPLES: unknown[] = [
  { key: 'fuzz-store', name: { en: 'Fuzz' }, languages: ['en'] },
  { key: 'fuzz-role', name: 'Role', buyerAssignable: true, permissions: ['AddChildUnits'] },
  { email: 'fuzz@example.com', password: 'secret-123', addresses: [{ country: 'DE' }], defaultShippingAddress: 0 },
  { name: 'client', scope: 'view_products:test' },
  { version: 1, actions: [{ action: 'setName', name: { en: 'x' } }] },
  {
    version: 1,
    actions: [
      { action: 'changeName', name: 'x' },
      { action: 'setKey', key: 'k' },
    ],
  },
  { query: '{ project { key } }' },
  { key: 'fuzz-unit', unitType: 'Company', name: 'Unit', addresses: [{ country: 'DE', key: 'a' }], associates: [] },
  { key: 'fuzz-division', unitType: 'Division', name: 'Div', parentUnit: { typeId: 'business-unit', key: 'existing-unit' } },
  {
    version: 1,
    actions: [
      { action: 'addAddress', address: { country: 'DE' } },
      { action: 'changeStatus', status: 'Inactive' },
    ],
  },
  { key: 'fuzz-group', groupName: 'G' },
  {
    key: 'fuzz-type',
    name: { en: 'T' },
    resourceTypeIds: ['customer'],
    fieldDefinitions: [{ name: 'f', type: { name: 'String' }, required: false, label: { en: 'F' } }],
  },
];

function mutate(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > 4) return chance(0.3) ? randomJson(2) : value;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) };
  const keys = Object.keys(copy);
  if (keys.length > 0) {
    const k = pick(keys);
    const r = random();
    if (r < 0.25) delete (copy as Record<string, unknown>)[k];
    else if (r < 0.6) (copy as Record<string, unknown>)[k] = randomJson(1);
    else (copy as Record<string, unknown>)[k] = mutate((copy as Record<string, unknown>)[k], depth + 1);
  }
  if (chance(0.2) && !Array.isArray(copy)) copy[randomString()] = randomJson(2);
  return copy;
}

function randomBody(): string | undefined {
  const r = random();
  if (r < 0.1) return undefined;
  if (r < 0.2)
    return pick(['{', '[', '{"a":}', 'null', '"text"', '1', '{"version":1,"actions":[', '\u0000', '['.repeat(500) + ']'.repeat(500), 'x'.repeat(100)]);
  if (r < 0.3) return JSON.stringify(randomJson());
  return JSON.stringify(mutate(pick(SAMPLES)));
}

const GRAPHQL_DOCUMENTS = [
  '{ project { key name countries } }',
  'query { customer(id: "x") { id email } }',
  'query Q($id: String) { customer(id: $id) { id } }',
  'mutation { customerSignUp(draft: { email: "a@b.c", password: "x" }) { customer { id } } }',
  '{ __schema { types { name } } }',
  'query { customers(where: "email = \\"a\\"", limit: 5) { total results { id email } } }',
  'query { me { customer { id email } } }',
  'mutation { customerSignIn(draft: { email: "a@b.c", password: "x" }) { customer { id } } }',
  'mutation U($v: Long!) { updateCustomer(id: "x", version: $v, actions: [{ setFirstName: { firstName: "y" } }]) { id } }',
  'mutation { customerCreatePasswordResetToken(email: "a@b.c") { value } }',
  '{ project { ...F } } fragment F on ProjectProjection { key }',
  '{ a: project { key } b: project { key } c: project { key } }',
  '{'.repeat(200) + '}'.repeat(200),
  'query { ' + 'project { key } '.repeat(50) + '}',
];

function randomGraphqlBody(): string {
  const doc = pick(GRAPHQL_DOCUMENTS);
  const query = chance(0.5) ? doc : doc.slice(0, int(doc.length + 1)) + (chance(0.5) ? randomString() : '');
  const body: Record<string, unknown> = { query };
  if (chance(0.4)) body.variables = randomJson(1);
  if (chance(0.2)) body.operationName = randomString();
  return chance(0.1) ? JSON.stringify(randomJson()) : JSON.stringify(body);
}

const PREDICATES = [
  'key = "a"',
  'version > 1',
  'name(en = "x")',
  'key in ("a", "b")',
  'not (key = "a")',
  'key is defined',
  'createdAt > "2020-01-01T00:00:00.000Z"',
  'key = :k',
  'id = "x" and version = 1 or key = "y"',
];

function randomQuery(): string {
  const params = new URLSearchParams();
  if (chance(0.5)) params.append('where', chance(0.5) ? pick(PREDICATES) : pick(PREDICATES).slice(0, int(20)) + randomString());
  if (chance(0.3)) params.append('sort', `${pick(['key', 'createdAt', 'name.en', randomString()])} ${pick(['asc', 'desc', 'up', ''])}`);
  if (chance(0.3)) params.append('limit', pick(['0', '1', '20', '500', '501', '-1', 'abc', '1e3']));
  if (chance(0.3)) params.append('offset', pick(['0', '10', '10000', '10001', '-5', 'x']));
  if (chance(0.2)) params.append('withTotal', pick(['true', 'false', 'maybe']));
  if (chance(0.2)) params.append('expand', pick(['createdBy.customer', 'parentUnit', randomString()]));
  if (chance(0.2)) params.append(`var.${pick(['k', randomString()])}`, randomString());
  if (chance(0.1)) params.append(randomString(), randomString());
  if (chance(0.1)) params.append('access_token', 'abc');
  const text = params.toString();
  return text ? `?${text}` : '';
}

let server: TestServer;
let admin: string;
let narrow: string;
let ids: string[] = [];
beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_project:test');
  narrow = await clientToken(server, 'view_products:test');
  const store = await (await api(server, admin, '/test/stores', { body: { key: 'existing-store' } })).json();
  const role = await (await api(server, admin, '/test/associate-roles', { body: { key: 'existing-role', permissions: [] } })).json();
  const unit = await (await api(server, admin, '/test/business-units', { body: { key: 'existing-unit', unitType: 'Company', name: 'U' } })).json();
  const customer = await (await api(server, admin, '/test/customers', { body: { email: 'existing@example.com', password: 'secret-123' } })).json();
  ids = [store.id, role.id, unit.id, customer.customer?.id].filter(Boolean);
});
afterAll(async () => {
  await server.close();
});

/** Percent-encodes, and keeps what cannot be encoded (a lone surrogate) as raw invalid UTF-8 bytes. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function fillPath(template: string): string {
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (name === 'projectKey') return pick(['test', 'test', 'test', 'other', encode(randomString())]);
    if (chance(0.4) && ids.length > 0) return pick(ids);
    if (chance(0.3)) return pick(['existing-store', 'existing-role', 'existing-unit']);
    return encode(randomString());
  });
}

interface Failure {
  request: string;
  status: number;
  body: string;
}

it(`never answers 5xx and always answers errors in the envelope (seed ${SEED}, ${REQUESTS} requests)`, async () => {
  const failures: Failure[] = [];
  const statuses = new Map<number, number>();
  const routable = operations.filter((op) => op.path !== '/ready');
  for (let i = 0; i < REQUESTS; i++) {
    const op = pick(routable);
    const method = chance(0.85) ? op.method : pick(['GET', 'POST', 'DELETE', 'HEAD', 'PUT', 'PATCH', 'OPTIONS']);
    const isGraphql = op.path.endsWith('/graphql');
    const path = fillPath(op.path) + (chance(0.6) ? randomQuery() : '');
    const headers: Record<string, string> = {};
    const auth = random();
    if (auth < 0.6) headers.Authorization = `Bearer ${admin}`;
    else if (auth < 0.75) headers.Authorization = `Bearer ${narrow}`;
    else if (auth < 0.9)
      headers.Authorization = pick(['Bearer ', 'Bearer x', 'Basic abc', `Bearer ${randomString().replace(/[^\x20-\x7e]/g, '')}`, 'bearer  ' + admin]);
    if (chance(0.1)) headers['X-Correlation-ID'] = randomString().replace(/[^\x20-\x7e]/g, 'x');
    if (chance(0.05)) headers['X-External-User-ID'] = 'u'.repeat(int(200));
    const withBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
    const body = withBody ? (isGraphql ? randomGraphqlBody() : randomBody()) : undefined;
    if (body !== undefined)
      headers['Content-Type'] = chance(0.9)
        ? 'application/json'
        : pick(['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1']);
    const description = `#${i} ${method} ${path} ${JSON.stringify(headers).slice(0, 200)} ${body?.slice(0, 300) ?? ''}`;
    let res: Response;
    try {
      res = await server.request(path, { method, headers, body });
    } catch (err) {
      failures.push({ request: description, status: 0, body: String(err) });
      continue;
    }
    const text = await res.text();
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    if (res.status >= 500) {
      failures.push({ request: description, status: res.status, body: text.slice(0, 500) });
      continue;
    }
    if (res.status < 400 || method === 'HEAD') continue;
    let parsed: { statusCode?: unknown; message?: unknown; errors?: Array<{ code?: unknown; message?: unknown }>; data?: unknown };
    try {
      parsed = JSON.parse(text);
    } catch {
      failures.push({ request: description, status: res.status, body: `not JSON: ${text.slice(0, 200)}` });
      continue;
    }
    // GraphQL answers its own errors in the GraphQL shape; everything else in the platform's envelope.
    const graphqlShape = isGraphql && Array.isArray(parsed.errors) && parsed.statusCode === undefined;
    const envelope =
      parsed.statusCode === res.status &&
      typeof parsed.message === 'string' &&
      Array.isArray(parsed.errors) &&
      parsed.errors.length > 0 &&
      parsed.errors.every((e) => typeof e.code === 'string' && typeof e.message === 'string');
    if (!envelope && !graphqlShape) failures.push({ request: description, status: res.status, body: text.slice(0, 300) });
  }
  // The run must reach the handlers, not only the edge: some requests succeed, some fail validation.
  expect([...statuses.keys()].filter((status) => status < 300).length).toBeGreaterThan(0);
  expect(statuses.get(400) ?? 0).toBeGreaterThan(0);
  if (process.env.FUZZ_STATS) process.stdout.write(`${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}\n`);
  if (failures.length > 0) {
    throw new Error(
      `seed ${SEED}: ${failures.length} bad answers, first ones:\n${failures
        .slice(0, 8)
        .map((f) => `${f.status} ${f.request}\n   -> ${f.body}`)
        .join('\n')}`,
    );
  }
});
