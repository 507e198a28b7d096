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
