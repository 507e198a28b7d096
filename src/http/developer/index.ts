import { readFileSync } from 'node:fs';
import type { Context } from 'koa';
import { openApiDocument } from '../../../generated/openapi/document.js';
import type { AppServices } from '../../context.js';
import { MethodNotAllowedError, EndpointNotFoundError } from '../../errors/api-error.js';
import { requestPath } from '../request-path.js';
import type { HttpState } from '../state.js';
import { asset } from './assets.js';
import { graphiqlPage, indexPage, PATHS, referencePage, type IndexLinks } from './pages.js';

type Koa = Context & { state: HttpState };

/**
 * Paths people try when looking for documentation. Without a token they would get a scope error
 * (the API reads `/docs` as the project `docs`); they get a 404 that says where the pages are.
 * With a token they reach the API as usual: a project may be called `docs`.
 */
const GUESSES = new Set(
  [
    'docs',
    'doc',
    'documentation',
    'api-docs',
    'apidocs',
    'swagger',
    'swagger-ui',
    'swagger.json',
    'openapi',
    'openapi.json',
    'openapi.yaml',
    'redoc',
    'reference',
    'graphiql',
    'playground',
    'explorer',
    'favicon.ico',
    'index.html',
    'metrics',
  ].map((p) => `/${p}`),
);

const HTML = 'text/html; charset=utf-8';
const VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

function where(): string {
  return `The API reference is at ${PATHS.docs}, the OpenAPI document at ${PATHS.openapi}, GraphiQL at ${PATHS.graphiql}; ${PATHS.index} lists every entry point.`;
}

/**
 * The entry points for people rather than programs: `/` (what is where), the OpenAPI document, the
 * API reference page (Swagger UI) and GraphiQL, with their browser files from node_modules.
 * They live under `/_/`, which no project key can reach (keys are at least two characters; a
 * single `_` never is one), so they never shadow a project's API. Requests for other paths pass
 * to `api` after one comparison.
 */
export function withDeveloperPages(app: AppServices, api: (ctx: Koa) => Promise<void>): (ctx: Koa) => Promise<void> {
  let openapiJson: string | undefined;
  const index = (): IndexLinks => ({
    name: openApiDocument.info.title,
    version: VERSION,
    links: {
      apiReference: PATHS.docs,
      openapi: PATHS.openapi,
      graphiql: PATHS.graphiql,
      health: PATHS.health,
      readiness: PATHS.ready,
      token: PATHS.token,
    },
  });

  function serve(ctx: Koa): void {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw new MethodNotAllowedError(ctx.method);
    const path = ctx.path;
    const file = path.startsWith(PATHS.assets) ? asset(path.slice(PATHS.assets.length)) : undefined;
    if (path === PATHS.index) {
      // Browsers get a page of links, programs the same as JSON.
      if (ctx.accepts('json', 'html') === 'html') {
        ctx.type = HTML;
        ctx.body = indexPage(index());
      } else {
        ctx.body = index();
      }
    } else if (path === PATHS.openapi) {
      ctx.type = 'application/json; charset=utf-8';
      // The document names this server as it was reached (behind a proxy too, with TRUST_PROXY: then the app trusts X-Forwarded-*).
      ctx.body = `{"servers":[{"url":${JSON.stringify(`${ctx.protocol}://${ctx.host}`)}}],${(openapiJson ??= JSON.stringify({ ...openApiDocument, servers: undefined }).slice(1))}`;
    } else if (path === PATHS.docs || path === `${PATHS.docs}/`) {
      ctx.type = HTML;
      ctx.body = referencePage();
    } else if (path === PATHS.graphiql) {
      ctx.type = HTML;
      ctx.body = graphiqlPage(app.config.bootstrapProjectKey);
    } else if (file) {
      ctx.type = file.type;
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.body = file.body;
    } else {
      throw new EndpointNotFoundError(`The endpoint ${ctx.method} ${path} was not found. ${where()}`);
    }
  }

  // Not async, like the dispatch it wraps: an API request's promise is passed on untouched.
  return function dispatchWithPages(ctx) {
    const path = requestPath(ctx);
    if (path === PATHS.index || path.startsWith('/_/')) {
      serve(ctx);
      return Promise.resolve();
    }
    if (GUESSES.has(path) && !ctx.get('Authorization')) {
      throw new EndpointNotFoundError(`The endpoint ${ctx.method} ${path} was not found. ${where()}`);
    }
    return api(ctx);
  };
}
