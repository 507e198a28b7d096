import { clientToken } from './auth.js';
import { ManualClock, startTestServer, type TestServer } from './test-server.js';

export const DAY = 86_400_000;

/** A test server on a manual clock, with a client token that is renewed whenever the clock moves. */
export interface ClockedServer {
  server: TestServer;
  token: string;
  /** Moves the clock; tokens expire with it, so a new one is taken. */
  advance(ms: number): Promise<void>;
  /** Whether GET `path` finds the resource. */
  exists(path: string): Promise<boolean>;
}

/** For the retention tests: the background retention job is off, each test runs it when it wants. */
export async function clockedServer(scope: string): Promise<ClockedServer> {
  const clock = new ManualClock(Date.parse('2030-01-01T00:00:00.000Z'));
  const server = await startTestServer({ retentionIntervalMs: 0 }, { clock });
  const clocked: ClockedServer = {
    server,
    token: await clientToken(server, scope),
    async advance(ms) {
      clock.advance(ms);
      clocked.token = await clientToken(server, scope);
    },
    exists: async (path) => (await server.request(path, { headers: { Authorization: `Bearer ${clocked.token}` } })).status === 200,
  };
  return clocked;
}
