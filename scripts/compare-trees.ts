import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function files(root: string, dir = ''): string[] {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(root, join(dir, e.name)) : [join(dir, e.name)]));
}

/** How `actual` differs from `expected`, one line per file: `missing x`, `unexpected x`, `differs x`. */
export function compareTrees(expected: string, actual: string): string[] {
  const want = new Set(files(expected));
  const have = new Set(files(actual));
  const out: string[] = [];
  for (const f of [...want].sort()) {
    if (!have.has(f)) out.push(`missing    ${join(actual, f)}`);
    else if (!readFileSync(join(expected, f)).equals(readFileSync(join(actual, f)))) out.push(`differs    ${join(actual, f)}`);
  }
  for (const f of [...have].sort()) if (!want.has(f)) out.push(`unexpected ${join(actual, f)}`);
  return out;
}
