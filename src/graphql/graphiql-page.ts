import { asset } from '../http/developer/assets.js';

/**
 * GraphiQL served from the installed packages (graphiql 3 with the React 18 UMD builds), so the
 * page works offline and loads nothing from a CDN. The files are the developer pages' (one reader,
 * src/http/developer/assets.ts); this route names only the four GraphiQL needs.
 */
const TYPES = {
  'graphiql.min.js': 'application/javascript; charset=utf-8',
  'graphiql.min.css': 'text/css; charset=utf-8',
  'react.production.min.js': 'application/javascript; charset=utf-8',
  'react-dom.production.min.js': 'application/javascript; charset=utf-8',
} as const;

export type GraphiQLAsset = keyof typeof TYPES;

export function graphiqlAsset(name: GraphiQLAsset): { body: Buffer; contentType: string } {
  return { body: asset(name)!.body, contentType: TYPES[name] };
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
