/** Tokens and test data, obtained and created through each server's own HTTP API. */

/** One commercetools-style API to measure: where it is, which project, and how to get a token. */
export interface Api {
  url: string;
  projectKey: string;
  /** The client-credentials endpoint. */
  tokenUrl: string;
  /** `Basic ...` for the API client. */
  basic: string;
}

export interface SeededStore {
  id: string;
  key: string;
}

export function basicAuth(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
}

export async function clientCredentialsToken(api: Api): Promise<string> {
  const res = await fetch(api.tokenUrl, {
    method: 'POST',
    headers: { authorization: api.basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`POST ${api.tokenUrl} answered ${res.status}: ${body}`);
  return (JSON.parse(body) as { access_token: string }).access_token;
}

/** Runs `fn(0..count-1)` with at most `concurrency` calls in flight; results in index order. */
export async function inPool<T>(count: number, concurrency: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await fn(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

export const storeKey = (i: number) => `k${i}`;

/** Creates stores `k0` ... `k{count-1}` through `POST /{projectKey}/stores`. */
export async function seedStores(api: Api, token: string, count: number, concurrency: number): Promise<SeededStore[]> {
  const endpoint = `${api.url}/${api.projectKey}/stores`;
  return inPool(count, concurrency, async (i) => {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ key: storeKey(i), name: { en: `Store ${i}` } }),
    });
    const body = await res.text();
    if (res.status !== 201) throw new Error(`POST ${endpoint} (store ${i}) answered ${res.status}: ${body}`);
    const { id, key } = JSON.parse(body) as SeededStore;
    return { id, key };
  });
}

/** The document `GET /{projectKey}/stores/{id}` answers, verbatim (the baseline serves it). */
export async function fetchStore(api: Api, token: string, id: string): Promise<string> {
  const url = `${api.url}/${api.projectKey}/stores/${id}`;
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${body}`);
  return body;
}

/** A B2B hierarchy for the as-associate calls: the associate's role is assigned at the Company only. */
export interface SeededUnits {
  associateId: string;
  /** Units three levels below the Company, where the associate holds only the inherited role. */
  leaves: SeededStore[];
}

async function postJson<T>(api: Api, token: string, path: string, body: unknown): Promise<T> {
  const url = `${api.url}/${api.projectKey}${path}`;
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`POST ${url} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/**
 * Company (the associate with an `inheritance: Enabled` role) → Division → Division → `leafCount`
 * leaf Divisions, plus `otherCompanies` Companies the associate is not in (so the as-associate
 * filter has something to leave out).
 */
export async function seedBusinessUnits(api: Api, token: string, leafCount: number, otherCompanies: number): Promise<SeededUnits> {
  const { customer } = await postJson<{ customer: { id: string } }>(api, token, '/customers', { email: 'associate@bench.example', password: 'bench-pw' });
  await postJson(api, token, '/associate-roles', { key: 'bench-buyer', buyerAssignable: true, permissions: ['UpdateBusinessUnitDetails', 'ViewMyCarts'] });
  const unit = (key: string, parent?: string, associates: unknown[] = []) =>
    postJson<SeededStore>(api, token, '/business-units', {
      key,
      name: key,
      unitType: parent ? 'Division' : 'Company',
      ...(parent ? { parentUnit: { typeId: 'business-unit', key: parent } } : {}),
      associates,
    });
  await unit('bench-company', undefined, [
    {
      customer: { typeId: 'customer', id: customer.id },
      associateRoleAssignments: [{ associateRole: { typeId: 'associate-role', key: 'bench-buyer' }, inheritance: 'Enabled' }],
    },
  ]);
  await unit('bench-division', 'bench-company');
  await unit('bench-department', 'bench-division');
  const leaves = await inPool(leafCount, 8, (i) => unit(`bench-team-${i}`, 'bench-department'));
  await inPool(otherCompanies, 8, (i) => unit(`bench-other-${i}`));
  return { associateId: customer.id, leaves: leaves.map(({ id, key }) => ({ id, key })) };
}

/** The category tree of the category query: `roots` top-level categories, each with `childrenPerRoot` children. */
export interface SeededCategories {
  roots: string[];
}

/** Creates the category tree through `POST /{projectKey}/categories` (children name their parent by id). */
export async function seedCategories(api: Api, token: string, roots: number, childrenPerRoot: number, concurrency: number): Promise<SeededCategories> {
  const category = (i: number, parent?: string) =>
    postJson<{ id: string }>(api, token, '/categories', {
      key: `cat-${i}`,
      name: { en: `Category ${i}` },
      slug: { en: `category-${i}` },
      orderHint: `0.${String(i).padStart(6, '0')}`,
      ...(parent ? { parent: { typeId: 'category', id: parent } } : {}),
    });
  const rootIds = (await inPool(roots, concurrency, (i) => category(i))).map((c) => c.id);
  await inPool(roots * childrenPerRoot, concurrency, (i) => category(roots + i, rootIds[i % roots]));
  return { roots: rootIds };
}
