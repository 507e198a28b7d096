/** HTML of the developer pages. Values placed in them are JSON-encoded (and `<` escaped) or fixed paths. */

const json = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const PATHS = {
  index: '/',
  openapi: '/_/openapi.json',
  docs: '/_/docs',
  graphiql: '/_/graphiql',
  assets: '/_/assets/',
  health: '/health',
  ready: '/ready',
  token: '/oauth/token',
} as const;

export function referencePage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Commerce Platform API reference</title>
<link rel="stylesheet" href="${PATHS.assets}swagger-ui.css"></head>
<body><div id="reference"></div>
<script src="${PATHS.assets}swagger-ui-bundle.js"></script>
<script>
window.ui = SwaggerUIBundle({ url: ${json(PATHS.openapi)}, dom_id: '#reference', deepLinking: true, tryItOutEnabled: false });
</script></body></html>`;
}

/** The GraphiQL page for one project (where GET /{projectKey}/graphql sends a browser). */
export function graphiqlUrl(projectKey: string): string {
  return `${PATHS.graphiql}?projectKey=${encodeURIComponent(projectKey)}`;
}

/**
 * The one GraphiQL page, against /{projectKey}/graphql for `?projectKey=` (default: the bootstrap
 * project), from the installed packages; the bearer token goes in its Headers tab and is not kept
 * in the browser's storage.
 */
export function graphiqlPage(projectKey: string): string {
  const headers = JSON.stringify({ Authorization: 'Bearer <access_token>' }, null, 2);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>GraphiQL: ${escapeHtml(projectKey)}</title>
<style>body { margin: 0; height: 100vh; } #graphiql { height: 100vh; }</style>
<link rel="stylesheet" href="${PATHS.assets}graphiql.min.css"></head>
<body><div id="graphiql"></div>
<script src="${PATHS.assets}react.production.min.js"></script>
<script src="${PATHS.assets}react-dom.production.min.js"></script>
<script src="${PATHS.assets}graphiql.min.js"></script>
<script>
const projectKey = new URLSearchParams(location.search).get('projectKey') || ${json(projectKey)};
document.title = 'GraphiQL: ' + projectKey;
const fetcher = GraphiQL.createFetcher({ url: '/' + encodeURIComponent(projectKey) + '/graphql' });
ReactDOM.createRoot(document.getElementById('graphiql')).render(
  React.createElement(GraphiQL, {
    fetcher,
    defaultHeaders: ${json(headers)},
    defaultEditorToolsVisibility: 'headers',
    isHeadersEditorEnabled: true,
    shouldPersistHeaders: false,
  }),
);
</script></body></html>`;
}

export interface IndexLinks {
  name: string;
  version: string;
  links: Record<string, string>;
}

export function indexPage(index: IndexLinks): string {
  const items = Object.entries(index.links)
    .map(([name, href]) => `<li><a href="${escapeHtml(href)}">${escapeHtml(name)}</a> <code>${escapeHtml(href)}</code></li>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(index.name)}</title></head>
<body><h1>${escapeHtml(index.name)} ${escapeHtml(index.version)}</h1>
<p>The HTTP API is at <code>/{projectKey}/...</code>, GraphQL at <code>POST /{projectKey}/graphql</code>; get a token at <code>POST ${PATHS.token}</code>.</p>
<ul>
${items}
</ul></body></html>`;
}
