// The bundled OpenAPI document is walked as plain JSON; the table it renders is type-checked where it is imported.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete'] as const;

/**
 * Renders the route table: one entry per operation with its method, Koa path, scopes and the JSON
 * schemas of its path, query and body, plus the `Operations` type map from operation id to the
 * request type @hey-api/typescript generated for it. Routes are registered from this table, so a
 * handler that no longer matches its operation fails the type-check.
 */
export function renderOperationTable(document: Json, typesSource: string): string {
  // Name the request types exactly as @hey-api/typescript did (it has its own casing rules for acronyms).
  const dataTypes = new Map([...typesSource.matchAll(/^export type (\w+)Data = /gm)].map((m) => [m[1].toLowerCase(), `${m[1]}Data`]));
  const typeName = (id: string) => {
    const name = dataTypes.get(id.toLowerCase());
    if (!name) throw new Error(`no generated request type for operation ${id}`);
    return name;
  };
  const rows: string[] = [];
  const types: string[] = [];
  const entries: { path: string; rank: string; text: string }[] = [];
  for (const [path, item] of Object.entries(document.paths as Json)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const id: string = op.operationId;
      if (!id) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])] as Json[];
      const group = (where: string) => {
        const list = params.filter((p) => p.in === where);
        if (list.length === 0) return null;
        return {
          type: 'object',
          properties: Object.fromEntries(list.map((p) => [p.name, p.schema ?? {}])),
          required: list.filter((p) => p.required).map((p) => p.name),
        };
      };
      const security = (op.security ?? document.security ?? []) as Json[];
      const scopes = security.flatMap((s) => Object.values(s).flat()) as string[];
      const body = op.requestBody?.content?.['application/json']?.schema ?? null;
      const entry = {
        operationId: id,
        method: method.toUpperCase(),
        path,
        authenticated: security.length > 0,
        scopes,
        pathSchema: group('path'),
        querySchema: group('query'),
        bodySchema: body,
        bodyRequired: Boolean(op.requestBody?.required),
      };
      // Literal segments win over parameters: '/stores/key={key}' must be tried before '/stores/{id}'.
      const rank = path
        .split('/')
        .map((seg) => (seg.startsWith('{') ? '2' : seg.includes('{') ? '1' : '0'))
        .join('');
      entries.push({ path, rank, text: `  ${JSON.stringify(entry)},` });
      types.push(`  ${id}: ${typeName(id)};`);
    }
  }
  entries.sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  rows.push(...entries.map((e) => e.text));
  const imports = types.map((t) => t.trim().split(': ')[1].replace(';', ''));
  return [
    `import type { ${imports.join(', ')} } from './client/types.gen.js';`,
    '',
    'export interface OperationSpec {',
    '  operationId: keyof Operations;',
    '  method: string;',
    '  path: string;',
    '  authenticated: boolean;',
    '  scopes: readonly string[];',
    '  pathSchema: object | null;',
    '  querySchema: object | null;',
    '  bodySchema: object | null;',
    '  bodyRequired: boolean;',
    '}',
    '',
    '/** Request type of each operation, by operation id. */',
    'export interface Operations {',
    ...types,
    '}',
    '',
    '/** Every HTTP operation of the contract, most specific paths first. */',
    'export const operations: readonly OperationSpec[] = [',
    ...rows,
    '];',
    '',
  ].join('\n');
}
