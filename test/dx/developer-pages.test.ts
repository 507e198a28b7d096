import { clientToken } from '../support/auth.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('/ lists the entry points', () => {
  it('answers programs with JSON links to the reference, the OpenAPI document, GraphiQL and the health endpoints', async () => {
    const res = await server.request('/');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { links: Record<string, string> };
    expect(body.links).toEqual({
      apiReference: '/_/docs',
      openapi: '/_/openapi.json',
      graphiql: '/_/graphiql',
      health: '/health',
      readiness: '/ready',
      token: '/oauth/token',
    });
  });

  it('answers browsers with a page of the same links', async () => {
    const res = await server.request('/', { headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    for (const href of ['/_/docs', '/_/openapi.json', '/_/graphiql', '/health', '/ready']) expect(html).toContain(`href="${href}"`);
  });
});

describe('the OpenAPI document', () => {
  it('is served as JSON naming this server, with every path of the contract', async () => {
    const res = await server.request('/_/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const doc = (await res.json()) as { openapi: string; servers: { url: string }[]; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: server.url }]);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/{projectKey}/stores', '/{projectKey}/graphql', '/health']));
  });
});

describe('the reference page and GraphiQL', () => {
  it.each([['/_/docs'], ['/_/graphiql']])('%s loads its scripts and styles from this server only', async (path) => {
    const res = await server.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.length).toBeGreaterThan(1);
    for (const source of sources) {
      expect(source).toMatch(/^\/_\/assets\//);
      const asset = await server.request(source);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toMatch(source.endsWith('.css') ? /^text\/css/ : /^text\/javascript/);
    }
  });

  it('serves only the files it names: other asset paths, traversal included, are 404', async () => {
    for (const path of ['/_/assets/package.json', '/_/assets/..%2f..%2fpackage.json', '/_/assets/index.html', '/_/nothing']) {
      const res = await server.request(path);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { errors: { code: string }[] }).errors[0].code).toBe('ResourceNotFound');
    }
  });

  it('refuses methods other than GET and HEAD', async () => {
    expect((await server.request('/_/docs', { method: 'POST' })).status).toBe(405);
  });
});

describe('documentation paths typed by mistake', () => {
  it.each([['/docs'], ['/swagger'], ['/openapi.json'], ['/graphiql'], ['/api-docs']])(
    '%s without a token is a 404 that says where the pages are',
    async (path) => {
      const res = await server.request(path);
      expect(res.status).toBe(404);
      const body = (await res.json()) as { statusCode: number; message: string; errors: { code: string }[] };
      expect(body.statusCode).toBe(404);
      expect(body.errors[0].code).toBe('ResourceNotFound');
      expect(body.message).toContain('/_/docs');
      expect(body.message).toContain('/_/openapi.json');
    },
  );

  it('with a token is the API as usual (a project may be called docs)', async () => {
    const token = await clientToken(server, `view_project_settings:${server.projectKey}`);
    const res = await server.request('/docs', { headers: { Authorization: `Bearer ${token}` } });
    // The API's answer to a token of another project (here: of no project called docs), not the pages hint.
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe('URI not found: /docs');
  });
});
