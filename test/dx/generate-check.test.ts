import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { compareTrees } from '../../scripts/compare-trees.js';

const ROOT = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);
// A generate takes 30-70 s beside the rest of the suite on two cores; each test runs one.
const GENERATE_TIMEOUT_MS = 300_000;

/** `npm run generate:check` in `cwd`, without git; resolves with the exit code and output. */
async function generateCheck(cwd: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/generate.ts', '--check'], {
      cwd,
      env: { ...process.env, NODE_OPTIONS: '', GIT_DIR: '/nonexistent' },
      timeout: GENERATE_TIMEOUT_MS,
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

/** A copy of the project's contract, generated code and scripts, outside any git repository. */
function projectCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'generate-check-test-'));
  for (const entry of ['openapi', 'graphql', 'prisma', 'scripts', 'generated', 'codegen.yml', 'package.json', 'tsconfig.json']) {
    cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

describe('npm run generate:check', () => {
  let copy: string;
  beforeAll(() => {
    copy = projectCopy();
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  // One check (a full generate) proves it all: on the committed tree with three files spoiled, it names
  // exactly those three (so every other committed file is what a generate writes), fails, prints no Prisma
  // noise, needs no git and leaves the tree as it was.
  it(
    'names each stale, missing or unexpected file and nothing else, fails, and changes nothing',
    async () => {
      const document = join(copy, 'generated/openapi/document.ts');
      writeFileSync(document, readFileSync(document, 'utf8') + '// edited by hand\n');
      unlinkSync(join(copy, 'generated/graphql/documents.ts'));
      writeFileSync(join(copy, 'generated/stray.ts'), 'export {};\n');
      const snapshot = mkdtempSync(join(tmpdir(), 'generated-before-'));
      cpSync(join(copy, 'generated'), snapshot, { recursive: true });
      const checked = await generateCheck(copy);
      expect(checked.code).toBe(1);
      expect(checked.out).not.toContain('Prisma schema loaded');
      const named = checked.out
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => /^(differs|missing|unexpected) /.test(line));
      expect(named).toEqual(['missing    generated/graphql/documents.ts', 'differs    generated/openapi/document.ts', 'unexpected generated/stray.ts']);
      expect(compareTrees(snapshot, join(copy, 'generated'))).toEqual([]);
      rmSync(snapshot, { recursive: true, force: true });
    },
    GENERATE_TIMEOUT_MS,
  );
});
