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

  // The copy holds the committed generated/: one check proves it fresh, quiet and untouched by checking.
  it(
    'passes on the committed tree, without git, prints no Prisma noise and writes nothing',
    async () => {
      const snapshot = mkdtempSync(join(tmpdir(), 'generated-before-'));
      cpSync(join(copy, 'generated'), snapshot, { recursive: true });
      const checked = await generateCheck(copy);
      expect(checked.out).not.toContain('Prisma schema loaded');
      expect(checked.out.trim()).toBe('generated/ is up to date');
      expect(checked.code).toBe(0);
      expect(compareTrees(snapshot, join(copy, 'generated'))).toEqual([]);
      rmSync(snapshot, { recursive: true, force: true });
    },
    GENERATE_TIMEOUT_MS,
  );

  it(
    'fails and names each stale, missing or unexpected file, leaving them as they are',
    async () => {
      const document = join(copy, 'generated/openapi/document.ts');
      writeFileSync(document, readFileSync(document, 'utf8') + '// edited by hand\n');
      unlinkSync(join(copy, 'generated/graphql/documents.ts'));
      writeFileSync(join(copy, 'generated/stray.ts'), 'export {};\n');
      const checked = await generateCheck(copy);
      expect(checked.code).toBe(1);
      expect(checked.out).toContain('differs    generated/openapi/document.ts');
      expect(checked.out).toContain('missing    generated/graphql/documents.ts');
      expect(checked.out).toContain('unexpected generated/stray.ts');
      expect(readFileSync(document, 'utf8')).toContain('// edited by hand');
    },
    GENERATE_TIMEOUT_MS,
  );
});
