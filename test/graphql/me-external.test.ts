import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { api, clientToken } from '../support/auth.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { gqlData, gqlError, SIGN_UP } from './support.js';

/** `me` with a token of the project's external authorization server carrying customer_id: / anonymous_id:. */
let introspection: Server;
let server: TestServer;
let customerId: string;
const scopes: Record<string, string> = {};

beforeAll(async () => {
  introspection = createServer(async (req, res) => {
    let data = '';
    for await (const chunk of req) data += chunk;
    const token = new URLSearchParams(data).get('token') ?? '';
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(scopes[token] ? { active: true, scope: scopes[token] } : { active: false }));
  });
  await new Promise<void>((resolve) => introspection.listen(0, '127.0.0.1', resolve));
  // This test is about what a token means, not about the endpoint's speed: a loaded machine gets time.
  server = await startTestServer({ externalOAuthAllowedHosts: ['127.0.0.1'], externalOAuthTimeoutMs: 10_000 });
  const admin = await clientToken(server, 'manage_project:test');
  const url = `http://127.0.0.1:${(introspection.address() as AddressInfo).port}/introspect`;
  const res = await api(server, admin, '/test', {
    body: { version: 1, actions: [{ action: 'setExternalOAuth', externalOAuth: { url, authorizationHeader: 'Bearer x' } }] },
  });
  expect(res.status).toBe(200);
  customerId = (await gqlData(server, admin, SIGN_UP, { draft: { email: 'ext@example.com', password: 'p' } })).customerSignUp.customer.id;
  scopes['ext-customer'] = `manage_my_profile:test customer_id:${customerId}`;
  scopes['ext-anonymous'] = 'manage_my_profile:test anonymous_id:visitor-7';
  scopes['ext-plain'] = 'manage_my_profile:test';
});
afterAll(async () => {
  await server.close();
  introspection.closeAllConnections();
  await new Promise((resolve) => introspection.close(resolve));
});

it('customer_id: names the customer of me; anonymous_id: is a session without one; neither is an error', async () => {
  expect((await gqlData(server, 'ext-customer', '{ me { customer { id email } } }')).me.customer).toEqual({ id: customerId, email: 'ext@example.com' });
  expect((await gqlData(server, 'ext-anonymous', '{ me { customer { id } } }')).me).toEqual({ customer: null });
  expect((await gqlError(server, 'ext-plain', '{ me { customer { id } } }')).extensions.code).toBe('InvalidOperation');
  const updated = await gqlData(
    server,
    'ext-customer',
    'mutation { updateMyCustomer(version: 1, actions: [{setFirstName: {firstName: "Ext"}}]) { firstName } }',
  );
  expect(updated.updateMyCustomer).toEqual({ firstName: 'Ext' });
});
