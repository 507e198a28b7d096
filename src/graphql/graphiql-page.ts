import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * GraphiQL served from the installed packages (graphiql 3 with the React 18 UMD builds), so the
 * page works offline and loads nothing from a CDN. Assets are read once, on first use.
 */
const require = createRequire(import.meta.url);

const ASSETS = {
  'graphiql.min.js': { pkg: 'graphiql', file: 'graphiql.min.js', type: 'application/javascript; charset=utf-8' },
  'graphiql.min.css': { pkg: 'graphiql', file: 'graphiql.min.css', type: 'text/css; charset=utf-8' },
  'react.production.min.js': { pkg: 'react', file: 'umd/react.production.min.js', type: 'application/javascript; charset=utf-8' },
  'react-dom.production.min.js': { pkg: 'react-dom', file: 'umd/react-dom.production.min.js', type: 'application/javascript; charset=utf-8' },
} as const;

export type GraphiQLAsset = keyof typeof ASSETS;

/** The package's folder: its exports do not list the UMD files, so they are read by path. */
function packageRoot(pkg: string): string {
  let dir = dirname(require.resolve(pkg));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return dir;
}

const loaded = new Map<GraphiQLAsset, string>();

export function graphiqlAsset(name: GraphiQLAsset): { body: string; contentType: string } {
  let body = loaded.get(name);
  if (body === undefined) {
    body = readFileSync(join(packageRoot(ASSETS[name].pkg), ASSETS[name].file), 'utf8');
    loaded.set(name, body);
  }
  return { body, contentType: ASSETS[name].type };
}

/** A string as a JavaScript literal safe inside <script> (no `</script>`, no HTML comment openers). */
function scriptLiteral(value: string): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e');
}

function htmlText(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The page for one project: queries go to POST /{projectKey}/graphql with the headers entered in GraphiQL. */
export function graphiqlPage(projectKey: string): string {
  const endpoint = `/${encodeURIComponent(projectKey)}/graphql`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>GraphiQL · ${htmlText(projectKey)}</title>
<link rel="stylesheet" href="/graphiql/graphiql.min.css">
<style>html, body, #graphiql { height: 100%; margin: 0; }</style>
</head>
<body>
<div id="graphiql">Loading…</div>
<script src="/graphiql/react.production.min.js"></script>
<script src="/graphiql/react-dom.production.min.js"></script>
<script src="/graphiql/graphiql.min.js"></script>
<script>
  // Paste an access token into the Headers tab: {"Authorization": "Bearer <token>"}.
  const fetcher = GraphiQL.createFetcher({ url: ${scriptLiteral(endpoint)} });
  ReactDOM.createRoot(document.getElementById('graphiql')).render(
    React.createElement(GraphiQL, {
      fetcher,
      isHeadersEditorEnabled: true,
      defaultHeaders: JSON.stringify({ Authorization: 'Bearer <access token>' }, null, 2),
      shouldPersistHeaders: false,
    }),
  );
</script>
</body>
</html>
`;
}
