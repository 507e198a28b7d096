import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ChildServer {
  url: string;
  process: ChildProcess;
  /** Everything the process wrote to stdout so far. */
  output(): string;
  /** Bootstrap credentials, when this process created the bootstrap project. */
  bootstrap?: { clientId: string; clientSecret: string };
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * The real server as its own process (`src/main.ts`, the `npm start` entry), on a chosen database:
 * for what an in-process server cannot show (kill -9, several processes starting at once).
 */
export function startChildServer(databaseUrl: string, env: Record<string, string> = {}): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', PLAIN_HTTP: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (err += c));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 30 s:\n${out}\n${err}`)), 30_000);
    const check = () => {
      const listening = /"url":"(https?:\/\/[^"]+)"[^\n]*"msg":"listening"|"msg":"listening"[^\n]*"url":"(https?:\/\/[^"]+)"/.exec(out);
      if (!listening) return;
      // Bootstrap output, if this process bootstraps, follows the listening line: give it a moment.
      const url = listening[1] ?? listening[2];
      child.stdout!.off('data', check);
      const started = Date.now();
      const settle = () => {
        const id = /client_id:\s+(\S+)/.exec(out);
        const secret = /client_secret:\s+(\S+)/.exec(out);
        if (!(id && secret) && Date.now() - started < 1500) return void setTimeout(settle, 50);
        clearTimeout(timer);
        resolve({
          url,
          process: child,
          output: () => out,
          bootstrap: id && secret ? { clientId: id[1], clientSecret: secret[1] } : undefined,
          kill: async (signal = 'SIGKILL') => {
            if (child.exitCode === null && child.signalCode === null) child.kill(signal);
            await exited;
          },
        });
      };
      settle();
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${out}\n${err}`));
    });
  });
}
