import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { openApiDocument } from '../../generated/openapi/document.js';

/** The properties of an interface of the platform's SDK, its inherited ones included. */
type Shapes = Map<string, Set<string>>;

/**
 * Every interface the official SDK (@commercetools/platform-sdk) declares for the HTTP API's models,
 * with its properties: the platform's own list of the fields each draft, update action and resource
 * has, read from the SDK's type declarations with the TypeScript compiler.
 */
export function sdkShapes(): Shapes {
  const require = createRequire(import.meta.url);
  const models = join(dirname(require.resolve('@commercetools/platform-sdk/package.json')), 'dist/declarations/src/generated/models');
  const declared = new Map<string, { props: Set<string>; bases: string[] }>();
  for (const file of readdirSync(models).filter((f) => f.endsWith('.d.ts'))) {
    const source = ts.createSourceFile(file, readFileSync(join(models, file), 'utf8'), ts.ScriptTarget.Latest, false);
    source.forEachChild((node) => {
      if (!ts.isInterfaceDeclaration(node)) return;
      const props = new Set<string>();
      for (const member of node.members) if (ts.isPropertySignature(member) && ts.isIdentifier(member.name)) props.add(member.name.text);
      const bases = (node.heritageClauses ?? []).flatMap((h) => h.types.map((t) => t.expression.getText(source)));
      declared.set(node.name.text, { props, bases });
    });
  }
  const resolved: Shapes = new Map();
  const resolve = (name: string): Set<string> => {
    const known = resolved.get(name);
    if (known) return known;
    const entry = declared.get(name);
    const props = new Set(entry?.props ?? []);
    for (const base of entry?.bases ?? []) for (const p of resolve(base)) props.add(p);
    resolved.set(name, props);
    return props;
  };
  for (const name of declared.keys()) resolve(name);
  return resolved;
}

interface SchemaObject {
  properties?: Record<string, unknown>;
  allOf?: { $ref?: string }[];
}

/** The properties our contract declares for each of its object schemas (allOf members included). */
export function contractShapes(): Shapes {
  const schemas = (openApiDocument as unknown as { components: { schemas: Record<string, SchemaObject> } }).components.schemas;
  const propsOf = (schema: SchemaObject | undefined): Set<string> => {
    const props = new Set(Object.keys(schema?.properties ?? {}));
    for (const part of schema?.allOf ?? []) {
      const ref = part.$ref?.split('/').pop();
      for (const p of propsOf(ref ? schemas[ref] : (part as SchemaObject))) props.add(p);
    }
    return props;
  };
  const shapes: Shapes = new Map();
  for (const [name, schema] of Object.entries(schemas)) if (schema.properties || schema.allOf) shapes.set(name, propsOf(schema));
  return shapes;
}

/**
 * Where our contract and the SDK differ on a type both name: `missing T.p` (the platform has the field,
 * we do not: a client's value would be dropped) and `extra T.p` (we have a field the platform does not).
 */
export function shapeDifferences(): { common: number; differences: string[] } {
  const sdk = sdkShapes();
  const ours = contractShapes();
  const differences: string[] = [];
  let common = 0;
  for (const [name, props] of ours) {
    const platform = sdk.get(name);
    if (!platform || platform.size === 0) continue;
    common++;
    for (const p of platform) if (!props.has(p)) differences.push(`missing ${name}.${p}`);
    for (const p of props) if (!platform.has(p)) differences.push(`extra ${name}.${p}`);
  }
  return { common, differences: differences.sort() };
}
