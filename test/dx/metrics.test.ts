import { api, clientToken } from '../support/auth.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** The value of one sample line of the Prometheus text, or undefined when absent. */
function sample(text: string, name: string, labels: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`) || (labels === '' && l.startsWith(`${name} `)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('metrics on METRICS_PORT', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ metricsPort: 0 });
  });
  afterAll(() => server.close());

  it('counts requests by route template and status, with latency, tokens issued and cache lookups', async () => {
    const token = await clientToken(server, `manage_project:${server.projectKey}`);
    expect((await api(server, token, `/${server.projectKey}`)).status).toBe(200);
    expect((await api(server, token, `/${server.projectKey}`)).status).toBe(200);
    expect((await api(server, token, `/${server.projectKey}/stores/key=nowhere`)).status).toBe(404);
    const store = (await (await api(server, token, `/${server.projectKey}/stores`, { body: { key: 'metered' } })).json()) as { id: string };
    for (let i = 0; i < 2; i++) expect((await api(server, token, `/${server.projectKey}/stores/${store.id}`)).status).toBe(200);
    const res = await fetch(server.metricsUrl!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(sample(text, 'cpa_http_requests_total', 'method="GET",route="/{projectKey}",status="200"')).toBe(2);
    expect(sample(text, 'cpa_http_requests_total', 'method="GET",route="/{projectKey}/stores/key={key}",status="404"')).toBe(1);
    expect(sample(text, 'cpa_http_requests_total', 'method="POST",route="/oauth/token",status="200"')).toBe(1);
    expect(sample(text, 'cpa_http_request_duration_seconds_count', 'method="GET",route="/{projectKey}"')).toBe(2);
    expect(sample(text, 'cpa_oauth_tokens_issued_total', 'grant_type="client_credentials"')).toBe(1);
    expect(sample(text, 'cpa_cache_lookups_total', 'cache="tokens",result="hit"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'cpa_cache_lookups_total', 'cache="projects",result="hit"')).toBeGreaterThanOrEqual(1);
    expect(text).toContain('cpa_process_resident_memory_bytes');
    // No path of a request (ids, keys) becomes a label.
    expect(text).not.toContain('nowhere');
    // The committed-read cache exists on an SQLite file only: the second GET came from memory.
    if (server.services.db.dialect === 'sqlite') expect(sample(text, 'cpa_cache_lookups_total', 'cache="documents",result="hit"')).toBeGreaterThanOrEqual(1);
    if (server.services.db.dialect === 'postgresql') {
      expect(sample(text, 'cpa_db_pool_connections', 'state="total"')).toBeGreaterThanOrEqual(1);
    }
  });

  it('are not on the API origin', async () => {
    const res = await server.request('/metrics');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('cpa_http_requests_total');
  });

  it('answer nothing else on their own port', async () => {
    expect((await fetch(server.metricsUrl!.replace('/metrics', '/'))).status).toBe(404);
  });
});

describe('without METRICS_PORT', () => {
  it('there is no metrics listener', async () => {
    const server = await startTestServer();
    try {
      expect(server.metricsUrl).toBeUndefined();
      expect(server.app.metrics).toBeUndefined();
    } finally {
      await server.close();
    }
  });
});
