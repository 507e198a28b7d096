import { execFileSync } from 'node:child_process';
import { chromium, type Browser } from 'playwright-core';

/**
 * The Chromium binary for browser tests: CHROMIUM_PATH, else Debian's `chromium` on the PATH
 * (`apt-get install -y chromium`, done by .ci/run). Undefined when there is none.
 */
export function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      return execFileSync('which', [name], { encoding: 'utf8' }).trim() || undefined;
    } catch {
      // not this one
    }
  }
  return undefined;
}

export function launchChromium(executablePath: string): Promise<Browser> {
  // The sandbox needs user namespaces, which CI containers running as root do not offer.
  return chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}

/** `describe` when a browser is installed; otherwise the tests are reported as skipped, with the reason printed. */
export function describeWithBrowser(name: string, fn: (executablePath: string) => void): void {
  const path = chromiumPath();
  if (path) {
    describe(name, () => fn(path));
    return;
  }
  process.stderr.write(`SKIPPED "${name}": no Chromium found (install it with \`apt-get install -y chromium\` or set CHROMIUM_PATH).\n`);
  describe.skip(`${name} (SKIPPED: no Chromium installed)`, () => fn(''));
}
