import { introspectionUrlProblem, isPrivateAddress, publicOnlyLookup } from './outbound-address.js';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fd12::1',
    'fe80::1',
    '::ffff:10.0.0.1',
    '::ffff:127.0.0.1',
  ])('%s is private', (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });
  it.each(['8.8.8.8', '172.32.0.1', '192.169.0.1', '2001:4860:4860::8888', '::ffff:8.8.8.8'])('%s is public', (ip) => {
    expect(isPrivateAddress(ip)).toBe(false);
  });
});

describe('introspectionUrlProblem', () => {
  it('accepts https on a public name', () => expect(introspectionUrlProblem('https://idp.example.com/x', [])).toBeUndefined());
  it('refuses http', () => expect(introspectionUrlProblem('http://idp.example.com/x', [])).toMatch(/https/));
  it('refuses a relative or broken URL', () => expect(introspectionUrlProblem('/introspect', [])).toMatch(/valid/));
  it('allows http and private addresses for an allowed host, by name or name:port', () => {
    expect(introspectionUrlProblem('http://127.0.0.1:9000/x', ['127.0.0.1'])).toBeUndefined();
    expect(introspectionUrlProblem('http://idp.internal:9000/x', ['idp.internal:9000'])).toBeUndefined();
    expect(introspectionUrlProblem('http://idp.internal:9001/x', ['idp.internal:9000'])).toMatch(/https/);
  });
  it('refuses other schemes even for an allowed host', () => expect(introspectionUrlProblem('file://127.0.0.1/etc/passwd', ['127.0.0.1'])).toMatch(/https/));
});

describe('publicOnlyLookup', () => {
  const resolve = (host: string, allowed: string[]) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: unknown }>((done) =>
      publicOnlyLookup(new URL(`https://${host}/`), allowed)(host, {}, (err, address) => done({ err, address })),
    );
  it('refuses a name that resolves to a private address (checked on the resolved address)', async () => {
    const { err } = await resolve('localhost', []);
    expect(err?.code).toBe('EPRIVATEADDRESS');
  });
  it('resolves it when the host is allowed', async () => {
    const { err, address } = await resolve('localhost', ['localhost']);
    expect(err).toBeNull();
    expect(typeof address).toBe('string');
  });
});
