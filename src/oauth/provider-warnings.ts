/**
 * Two warnings node-oidc-provider prints with console.warn that are expected here, each known and
 * accounted for, so they are not repeated at every start and in every test file:
 *
 * - "Unsupported runtime": oidc-provider 9 supports Node 22 and later; this project runs on Node 20
 *   (the Node these machines have), where the whole test suite passes with it. README, "Runtime", says so.
 * - "already parsed request body detected": the /oauth step reads the form itself (it authenticates
 *   the client against the hashed secret, rate-limits and rewrites refresh tokens before the provider
 *   sees the request) and hands the parsed body over; the provider then uses it, as the warning says.
 *
 * Only these exact messages are dropped; every other warning passes through. This module is imported
 * before oidc-provider, whose runtime check runs when it is first imported.
 */
const EXPECTED = ['oidc-provider WARNING: Unsupported runtime.', 'oidc-provider WARNING: already parsed request body detected'];

const installed = Symbol.for('commerce-platform-api.provider-warnings');
const holder = console as unknown as Record<symbol, boolean>;

if (!holder[installed]) {
  holder[installed] = true;
  const warn = console.warn.bind(console);
  console.warn = function warnUnlessExpected(...args: unknown[]): void {
    const first = args[0];
    // The provider colours its warnings on a terminal: compare without escape sequences.
    // The provider colours its warnings with ANSI escapes (ESC [ ... m); they are stripped before comparing.
    // eslint-disable-next-line no-control-regex
    if (typeof first === 'string' && EXPECTED.some((m) => first.replace(/\x1b\[[0-9;]*m/g, '').startsWith(m))) return;
    warn(...args);
  };
}

export {};
