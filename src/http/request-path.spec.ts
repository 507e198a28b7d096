import { hasQueryString, requestPath } from './request-path.js';

/** A request as `requestPath` sees it: Node's URL, the state, and Koa's parser for the forms it does not split itself. */
const request = (url: string) => ({ state: {}, req: { url }, path: `koa:${url}` }) as unknown as Parameters<typeof requestPath>[0];

describe('requestPath', () => {
  it('splits an origin-form target at its query string, once per request', () => {
    const ctx = request('/test/stores/abc?where=key%3D%22x%22&limit=2');
    expect(requestPath(ctx)).toBe('/test/stores/abc');
    expect(ctx.state.path).toBe('/test/stores/abc');
    (ctx.req as { url: string }).url = '/changed';
    expect(requestPath(ctx)).toBe('/test/stores/abc');
    expect(requestPath(request('/test'))).toBe('/test');
    expect(requestPath(request('/test?'))).toBe('/test');
  });

  it("leaves absolute-form targets and fragments to Koa's parser", () => {
    expect(requestPath(request('http://example.com/test?x=1'))).toBe('koa:http://example.com/test?x=1');
    expect(requestPath(request('/test#frag?x'))).toBe('koa:/test#frag?x');
  });

  it('tells whether a query string follows the path (a lone ? is none)', () => {
    expect(hasQueryString(request('/test?limit=1'))).toBe(true);
    expect(hasQueryString(request('/test?'))).toBe(false);
    expect(hasQueryString(request('/test'))).toBe(false);
  });
});
