import { startTestServer, type TestServer } from '../support/test-server.js';
import { api, clientToken } from '../support/auth.js';
import { createCustomer, managerToken, type CustomerBody, type ErrorBody } from './support.js';
import { expectError } from '../support/errors.js';

let server: TestServer;
let token: string;
let path: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await managerToken(server);
  path = `/${server.projectKey}/customers`;
});
afterAll(async () => {
  await server.close();
});

describe('GET /{projectKey}/customers/{id} and /key={key}', () => {
  it('answers the customer by id', async () => {
    const created = await createCustomer(server, token, { email: 'by-id@example.com', password: 'pw' });
    const res = await api(server, token, `${path}/${created.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(created);
  });

  it('answers the customer by key', async () => {
    const created = await createCustomer(server, token, { email: 'by-key@example.com', password: 'pw', key: 'by-key' });
    const res = await api(server, token, `${path}/key=by-key`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as CustomerBody).id).toBe(created.id);
  });

  it('is allowed with view_customers alone', async () => {
    const created = await createCustomer(server, token, { email: 'viewer@example.com', password: 'pw' });
    const viewer = await clientToken(server, `view_customers:${server.projectKey}`);
    const res = await api(server, viewer, `${path}/${created.id}`);
    expect(res.status).toBe(200);
  });

  it('answers 404 ResourceNotFound in the platform body for an unknown id', async () => {
    const res = await api(server, token, `${path}/00000000-0000-0000-0000-000000000000`);
    expect(res.status).toBe(404);
    const body = (await res.json()) as ErrorBody;
    expect(body).toEqual({
      statusCode: 404,
      message: body.errors[0].message,
      errors: [{ code: 'ResourceNotFound', message: expect.stringContaining('00000000-0000-0000-0000-000000000000') }],
    });
  });

  it('answers 404 for an unknown key', async () => {
    const res = await api(server, token, `${path}/key=nobody`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as ErrorBody).errors[0].code).toBe('ResourceNotFound');
  });

  it('does not show a customer of another project', async () => {
    const created = await createCustomer(server, token, { email: 'other-project@example.com', password: 'pw' });
    await server.app.services.projects.create({ key: 'other' });
    const otherToken = await clientToken(server, 'manage_customers:other', 'other');
    const res = await api(server, otherToken, `/other/customers/${created.id}`);
    await expectError(res, 404, 'ResourceNotFound');
  });
});

describe('DELETE /{projectKey}/customers/{id} and /key={key}', () => {
  it('deletes by id with the current version and answers the deleted customer', async () => {
    const created = await createCustomer(server, token, { email: 'delete-id@example.com', password: 'pw' });
    const res = await api(server, token, `${path}/${created.id}?version=1`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as CustomerBody).id).toBe(created.id);
    expect((await api(server, token, `${path}/${created.id}`)).status).toBe(404);
  });

  it('deletes by key', async () => {
    await createCustomer(server, token, { email: 'delete-key@example.com', password: 'pw', key: 'delete-me' });
    const res = await api(server, token, `${path}/key=delete-me?version=1`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect((await api(server, token, `${path}/key=delete-me`)).status).toBe(404);
  });

  it('refuses a stale version with 409 ConcurrentModification and keeps the customer', async () => {
    const created = await createCustomer(server, token, { email: 'stale@example.com', password: 'pw', key: 'stale' });
    const res = await api(server, token, `${path}/key=stale?version=2`, { method: 'DELETE' });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 1 });
    expect((await api(server, token, `${path}/${created.id}`)).status).toBe(200);
  });

  it('requires the version parameter', async () => {
    const created = await createCustomer(server, token, { email: 'no-version@example.com', password: 'pw' });
    const res = await api(server, token, `${path}/${created.id}`, { method: 'DELETE' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).message).toContain('version');
  });

  it('frees the e-mail: a new customer may sign up with it', async () => {
    const created = await createCustomer(server, token, { email: 'reuse@example.com', password: 'pw' });
    await api(server, token, `${path}/${created.id}?version=1`, { method: 'DELETE' });
    const again = await createCustomer(server, token, { email: 'Reuse@example.com', password: 'pw' });
    expect(again.id).not.toBe(created.id);
  });

  it('needs manage_customers: a view_customers token gets 403', async () => {
    const created = await createCustomer(server, token, { email: 'keep@example.com', password: 'pw' });
    const viewer = await clientToken(server, `view_customers:${server.projectKey}`);
    const res = await api(server, viewer, `${path}/${created.id}?version=1`, { method: 'DELETE' });
    expect(res.status).toBe(403);
    expect(((await res.json()) as ErrorBody).errors[0].code).toBe('insufficient_scope');
  });
});
