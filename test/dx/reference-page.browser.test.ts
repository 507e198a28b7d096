import type { Browser, Page } from 'playwright-core';
import { clientToken } from '../support/auth.js';
import { describeWithBrowser, launchChromium } from '../support/browser.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describeWithBrowser('the developer pages in headless Chromium', (executablePath) => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  const foreign: string[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium(executablePath);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  beforeEach(async () => {
    page = await browser.newPage();
    foreign.length = 0;
    errors.length = 0;
    // Nothing may come from anywhere but this server (no CDN): record and block any other request.
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(server.url) || url.startsWith('data:')) return route.continue();
      foreign.push(url);
      return route.abort();
    });
    page.on('pageerror', (err) => errors.push(err.message));
  });
  afterEach(() => page.close());

  it('the API reference page renders the operations of the contract', async () => {
    await page.goto(`${server.url}/_/docs`);
    await page.waitForSelector('.opblock', { timeout: 30_000 });
    // Operations are drawn as they scroll into view, so the rendered ones are a window of the whole;
    // the page's own state holds every path it loaded from the contract.
    const shown = (await page.locator('.opblock-summary-path').allInnerTexts()).map((p) => p.replace(/\u200b/g, '').trim());
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((p) => p.startsWith('/'))).toBe(true);
    const loaded = await page.evaluate(() =>
      (window as unknown as { ui: { specSelectors: { paths(): { keySeq(): { toJS(): string[] } } } } }).ui.specSelectors.paths().keySeq().toJS(),
    );
    expect(loaded).toEqual(expect.arrayContaining(['/{projectKey}/stores', '/{projectKey}/stores/key={key}', '/{projectKey}/graphql']));
    expect(loaded.length).toBeGreaterThan(20);
    expect(await page.locator('.info .title').innerText()).toContain('Commerce Platform API');
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
  }, 60_000);

  it('GraphiQL, reached as GET /{projectKey}/graphql, renders and runs a query against the project with a token in its headers', async () => {
    const token = await clientToken(server, `view_project_settings:${server.projectKey}`);
    // The API's GraphQL URL opened in a browser lands on the one GraphiQL page, for this project.
    await page.goto(`${server.url}/${server.projectKey}/graphql`);
    expect(page.url()).toBe(`${server.url}/_/graphiql?projectKey=${server.projectKey}`);
    await page.waitForSelector('.graphiql-container', { timeout: 30_000 });
    expect(await page.title()).toBe(`GraphiQL: ${server.projectKey}`);
    // Query and headers typed the way a person would, through the editors.
    // GraphiQL also sends its schema query with the placeholder header; wait for the one sent with the token.
    const response = page.waitForResponse(
      (r) =>
        r.url() === `${server.url}/${server.projectKey}/graphql` &&
        r.request().method() === 'POST' &&
        r.request().headers().authorization === `Bearer ${token}`,
    );
    await page.evaluate(
      ([query, headers]) => {
        type Editor = { CodeMirror: { setValue(v: string): void } };
        (document.querySelector('.graphiql-query-editor .CodeMirror') as unknown as Editor).CodeMirror.setValue(query);
        // The page opens the Headers tab (the variables editor beside it is hidden).
        (document.querySelector('.graphiql-editor-tool .graphiql-editor:not(.hidden) .CodeMirror') as unknown as Editor).CodeMirror.setValue(headers);
      },
      ['{ project { key } }', JSON.stringify({ Authorization: `Bearer ${token}` })],
    );
    await page.click('.graphiql-execute-button');
    expect((await response).status()).toBe(200);
    await page.waitForFunction(() => document.querySelector('.result-window')?.textContent?.includes('"key"'), undefined, { timeout: 15_000 });
    expect(await page.locator('.result-window').innerText()).toContain(`"key": "${server.projectKey}"`);
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
  }, 60_000);
});
