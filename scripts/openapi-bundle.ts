import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

type Json = Record<string, unknown>;

/**
 * Merges openapi/openapi.yaml with every paths/*.yaml and schemas/*.yaml into one OpenAPI document.
 * Files are read in name order so the output is deterministic; a name defined twice is an error.
 */
export function bundleOpenApi(root: string): Json {
  const document = parse(readFileSync(join(root, 'openapi.yaml'), 'utf8')) as Json;
  const paths: Json = {};
  const schemas: Json = {};
  for (const [folder, target] of [
    ['paths', paths],
    ['schemas', schemas],
  ] as const) {
    for (const file of readdirSync(join(root, folder))
      .filter((f) => f.endsWith('.yaml'))
      .sort()) {
      const part = (parse(readFileSync(join(root, folder, file), 'utf8')) ?? {}) as Json;
      for (const [name, value] of Object.entries(part)) {
        if (name in target) throw new Error(`${folder}/${file}: '${name}' is already defined in another file`);
        target[name] = value;
      }
    }
  }
  addDiscriminatorMappings(schemas);
  const components = (document.components ?? {}) as Json;
  return { ...document, paths, components: { ...components, schemas } };
}

/**
 * A discriminated union lists its members once (oneOf with `action: { const: ... }`); the mapping
 * from tag value to member is derived here so generated types use the real tag values.
 */
function addDiscriminatorMappings(schemas: Json): void {
  for (const schema of Object.values(schemas) as Json[]) {
    const discriminator = schema?.discriminator as Json | undefined;
    if (!discriminator || discriminator.mapping || !Array.isArray(schema.oneOf)) continue;
    const tag = discriminator.propertyName as string;
    const mapping: Record<string, string> = {};
    for (const member of schema.oneOf as Json[]) {
      const ref = member.$ref as string;
      const target = schemas[ref.split('/').pop()!] as Json;
      const value = ((target?.properties as Json)?.[tag] as Json | undefined)?.const;
      if (typeof value !== 'string') throw new Error(`${ref}: discriminated member needs properties.${tag}.const`);
      mapping[value] = ref;
    }
    discriminator.mapping = mapping;
  }
}
