import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = join(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };

/** Whether `version` (x.y.z) is in a range written as `^x.y || ^x.y || >=x.y` (the forms package.json uses). */
function satisfies(version: string, range: string): boolean {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  return range.split('||').some((part) => {
    const m = /^\s*(\^|>=)(\d+)(?:\.(\d+))?/.exec(part);
    if (!m) throw new Error(`unexpected engines range ${part}`);
    const [wantMajor, wantMinor] = [Number(m[2]), Number(m[3] ?? 0)];
    if (m[1] === '^') return major === wantMajor && minor >= wantMinor;
    return major > wantMajor || (major === wantMajor && minor >= wantMinor);
  });
}

describe('the runtime the README states', () => {
  it('is the Node version running the tests', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain(`Tested on **Node.js ${process.version}**`);
  });

  it('is inside package.json engines', () => {
    expect(satisfies(process.version, pkg.engines.node)).toBe(true);
  });

  it('loading the authorization service prints no warning (the expected ones are accounted for)', async () => {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '-e', "await import('./src/oauth/provider.ts'); console.warn('other warnings still show')"],
      {
        cwd: ROOT,
        env: { ...process.env, NODE_OPTIONS: '' },
      },
    );
    expect(stdout).toBe('');
    expect(stderr).toBe('other warnings still show\n');
  });
});
