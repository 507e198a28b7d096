import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { clientToken } from '../support/auth.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** GraphiQL at GET /{projectKey}/graphql (Accept: text/html), from local assets only. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

it('serves the page to a browser; its scripts and style sheet come from this server, none from a CDN', async () => {
  const res = await server.request('/test/graphql', { headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  const html = await res.text();
  const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
  expect(sources.sort()).toEqual(['/graphiql/graphiql.min.css', '/graphiql/graphiql.min.js', '/graphiql/react-dom.production.min.js', '/graphiql/react.production.min.js']);
  expect(html).toContain('"/test/graphql"');
  for (const source of sources) {
    const asset = await server.request(source);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(source.endsWith('.css') ? /^text\/css/ : /^application\/javascript/);
    expect((await asset.text()).length).toBeGreaterThan(1000);
  }
});

it('answers JSON clients with 405 in the platform envelope; unknown assets are refused', async () => {
  const res = await server.request('/test/graphql', { headers: { Accept: 'application/json' } });
  expect(res.status).toBe(405);
  expect(((await res.json()) as { errors: { code: string }[] }).errors[0].code).toBe('MethodNotAllowed');
  expect((await server.request('/graphiql/..%2Fpackage.json')).status).toBe(400);
});

const browserPath = '/usr/bin/chromium';
(existsSync(browserPath) ? it : it.skip)('runs a query in a real browser with the bearer token entered in its headers', async () => {
  const token = await clientToken(server, 'view_project_settings:test');
  const browser = await chromium.launch({ executablePath: browserPath, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const external: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(server.url)) external.push(request.url());
    });
    await page.goto(`${server.url}/test/graphql`);
    await page.waitForSelector('.graphiql-container', { timeout: 15_000 });
    // Drive GraphiQL's fetcher as the page built it: the same request the Run button sends.
    const result = await page.evaluate(async (bearer) => {
      const fetcher = (window as unknown as { GraphiQL: { createFetcher(o: { url: string }): (p: unknown, o: unknown) => Promise<unknown> } }).GraphiQL.createFetcher({ url: '/test/graphql' });
      const result = (await fetcher({ query: '{ project { key } }' }, { headers: { Authorization: `Bearer ${bearer}` } })) as AsyncIterable<unknown> | unknown;
      // The fetcher answers a stream when the transport may be incremental; the first value is the result.
      if (result && typeof result === 'object' && Symbol.asyncIterator in result) {
        for await (const value of result as AsyncIterable<unknown>) return value;
      }
      return result;
    }, token);
    expect(result).toEqual({ data: { project: { key: 'test' } } });
    expect(external).toEqual([]);
  } finally {
    await browser.close();
  }
}, 60_000);
