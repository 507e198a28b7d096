import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = join(import.meta.dirname, '..', '..');

/** The code block that follows `<!-- example: NAME ... -->` in README.md. */
export function readmeExample(name: string): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const marker = readme.indexOf(`<!-- example: ${name} `);
  if (marker < 0) throw new Error(`README.md has no example named ${name}`);
  const block = /```(?:ts|typescript)\n([\s\S]*?)```/.exec(readme.slice(marker));
  if (!block) throw new Error(`README.md example ${name} has no code block`);
  return block[1];
}

/**
 * Runs a README example as a user would: a TypeScript module inside the package (so that imports of
 * `commerce-platform-api/...` resolve through package.json `exports`), executed by tsx.
 */
export async function runReadmeExample(name: string, env: Record<string, string> = {}): Promise<{ stdout: string; stderr: string }> {
  const dir = join(ROOT, '.readme-examples');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}-${process.pid}.ts`);
  writeFileSync(file, readmeExample(name));
  try {
    return await promisify(execFile)(process.execPath, ['--import', 'tsx', file], {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: '', ...env },
      timeout: 60_000,
    });
  } finally {
    rmSync(file, { force: true });
  }
}
