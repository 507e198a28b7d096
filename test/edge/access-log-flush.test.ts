import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Access lines wait in memory until 64 K characters, a second, another log line or shutdown
 * (src/shared/logger.ts). A process that ends otherwise (an uncaught exception, process.exit) must still
 * write them: they are the record of what it answered last.
 */
describe('access lines held in memory', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cpa-log-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function runUntil(ending: string): { stdout: string; status: number | null } {
    const script = join(dir, `ends-${ending}.ts`);
    const logger = pathToFileURL(join(process.cwd(), 'src/shared/logger.ts')).href;
    writeFileSync(
      script,
      `import { accessLineWriter, createLogger } from ${JSON.stringify(logger)};
const write = accessLineWriter(createLogger('info'))!;
for (let i = 0; i < 3; i++) write('{"msg":"request","n":' + i + '}\\n');
${ending === 'exception' ? "setTimeout(() => { throw new Error('boom'); }, 5);" : 'setTimeout(() => process.exit(3), 5);'}
`,
    );
    const { stdout, status } = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: process.cwd(), encoding: 'utf8' });
    return { stdout, status };
  }

  it.each(['exception', 'exit'])('are written when the process ends by %s', (ending) => {
    const { stdout, status } = runUntil(ending);
    expect(status).not.toBe(0);
    const lines = stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { n: number });
    expect(lines.map((l) => l.n)).toEqual([0, 1, 2]);
  });
});
