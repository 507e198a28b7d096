import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * One GraphiQL page, /_/graphiql?projectKey=…, with one asset path (/_/assets/): a browser asking
 * GET /{projectKey}/graphql is sent there. (The page itself, run in Chromium, is in test/dx/reference-page.browser.test.ts.)
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const BROWSER = { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

it('GET /{projectKey}/graphql from a browser redirects to the GraphiQL page for that project', async () => {
  const res = await server.request('/test/graphql', { headers: BROWSER, redirect: 'manual' });
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toBe('/_/graphiql?projectKey=test');
  const page = await server.request(res.headers.get('location')!, { headers: BROWSER });
  expect(page.status).toBe(200);
  const html = await page.text();
  const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
  expect(sources.sort()).toEqual([
    '/_/assets/graphiql.min.css',
    '/_/assets/graphiql.min.js',
    '/_/assets/react-dom.production.min.js',
    '/_/assets/react.production.min.js',
  ]);
});

it('a project key that needs escaping stays one query parameter', async () => {
  const res = await server.request('/a%26b%3D/graphql', { headers: BROWSER, redirect: 'manual' });
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toBe('/_/graphiql?projectKey=a%26b%3D');
});

it('answers JSON clients with 405 in the platform envelope; the old asset path is gone', async () => {
  const res = await server.request('/test/graphql', { headers: { Accept: 'application/json' } });
  expect(res.status).toBe(405);
  expect(((await res.json()) as { errors: { code: string }[] }).errors[0].code).toBe('MethodNotAllowed');
  for (const path of ['/graphiql/graphiql.min.js', '/graphiql/react.production.min.js']) expect((await server.request(path)).status).toBe(404);
});
