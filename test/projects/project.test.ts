import { api, clientToken } from '../support/auth.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { systemContext } from '../../src/context.js';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await clientToken(server, 'manage_project:test');
});
afterAll(async () => {
  await server.close();
});

const update = (version: number, actions: unknown[]) => api(server, token, '/test', { body: { version, actions } });

describe('GET /{projectKey}', () => {
  it('returns the project', async () => {
    const res = await api(server, token, '/test');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ key: 'test', version: expect.any(Number), countries: ['DE', 'US'], currencies: ['EUR', 'USD'], languages: ['en', 'de'] });
  });

  it('answers 404 in the platform body for an unknown project', async () => {
    await server.app.services.apiClients.create(systemContext(server.services, 'nope'), { name: 'x', scope: 'manage_project:nope' });
    const other = await clientToken(server, 'manage_project:nope', 'nope');
    const res = await api(server, other, '/nope');
    expect(res.status).toBe(404);
    expect((await res.json()).errors[0].code).toBe('ResourceNotFound');
  });
});

describe('POST /{projectKey} (update actions)', () => {
  it('applies all actions together and bumps the version', async () => {
    const current = await (await api(server, token, '/test')).json();
    const res = await update(current.version, [
      { action: 'changeName', name: 'Renamed' },
      { action: 'changeCountries', countries: ['FR'] },
      { action: 'changeCurrencies', currencies: ['EUR'] },
      { action: 'changeLanguages', languages: ['fr', 'en'] },
    ]);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ name: 'Renamed', countries: ['FR'], currencies: ['EUR'], languages: ['fr', 'en'], version: current.version + 1 });
    expect((await (await api(server, token, '/test')).json()).name).toBe('Renamed');
  });

  it('refuses a stale version with 409 ConcurrentModification and the current version', async () => {
    const current = await (await api(server, token, '/test')).json();
    const res = await update(current.version - 1, [{ action: 'changeName', name: 'stale' }]);
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: current.version });
  });

  it('never loses an update between concurrent writers', async () => {
    const current = await (await api(server, token, '/test')).json();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => update(current.version, [{ action: 'changeName', name: `writer ${i}` }])));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    const after = await (await api(server, token, '/test')).json();
    expect(after.version).toBe(current.version + 1);
  });

  it('is all-or-nothing: an invalid action leaves the project unchanged', async () => {
    const current = await (await api(server, token, '/test')).json();
    const res = await update(current.version, [
      { action: 'changeName', name: 'half' },
      { action: 'changeCountries', countries: ['not-a-country'] },
    ]);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'actions[1].countries[0]', invalidValue: 'not-a-country' });
    const after = await (await api(server, token, '/test')).json();
    expect(after).toEqual(current);
  });

  it('answers RequiredField for a missing version', async () => {
    const res = await api(server, token, '/test', { body: { actions: [] } });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0]).toMatchObject({ code: 'RequiredField', field: 'version' });
  });

  it('answers InvalidInput for an unknown action', async () => {
    const current = await (await api(server, token, '/test')).json();
    const res = await update(current.version, [{ action: 'explode' }]);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors[0].code).toBe('InvalidInput');
    expect(body.message).toContain('explode');
  });

  it('answers 400 InvalidJsonInput for malformed JSON', async () => {
    const res = await server.request('/test', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: '{"version": 1, "actions": [',
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors[0]).toMatchObject({ code: 'InvalidJsonInput', message: 'Request body does not contain valid JSON.' });
    expect(body.errors[0].detailedErrorMessage).toEqual(expect.any(String));
  });

  it('answers 415 for a body that is not application/json', async () => {
    const res = await server.request('/test', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/plain' },
      body: '{"version": 1, "actions": []}',
    });
    expect(res.status).toBe(415);
    expect((await res.json()).message).toContain('application/json');
  });

  it('sets and removes the external OAuth configuration', async () => {
    const current = await (await api(server, token, '/test')).json();
    const set = await update(current.version, [
      { action: 'setExternalOAuth', externalOAuth: { url: 'https://idp.example/introspect', authorizationHeader: 'Bearer very-secret-9876' } },
    ]);
    expect(set.status).toBe(200);
    const withOAuth = await set.json();
    expect(withOAuth.externalOAuth.url).toBe('https://idp.example/introspect');
    // The header is a credential: shown only partially masked.
    expect(withOAuth.externalOAuth.authorizationHeader).toBe('****9876');
    expect(JSON.stringify(await (await api(server, token, '/test')).json())).not.toContain('very-secret');
    const removed = await update(withOAuth.version, [{ action: 'setExternalOAuth' }]);
    expect((await removed.json()).externalOAuth).toBeUndefined();
  });
});

describe('the business-unit configuration (My Business Units)', () => {
  it('starts Inactive without a role, and takes a status and an associate role of the project (by id or key, answered as a key reference)', async () => {
    const current = await (await api(server, token, '/test')).json();
    expect(current.businessUnits).toEqual({ myBusinessUnitStatusOnCreation: 'Inactive' });
    const role = await (
      await api(server, token, '/test/associate-roles', { body: { key: 'my-bu-admin', buyerAssignable: true, permissions: ['UpdateBusinessUnitDetails'] } })
    ).json();
    const set = await update(current.version, [
      { action: 'changeMyBusinessUnitStatusOnCreation', status: 'Active' },
      { action: 'setMyBusinessUnitAssociateRoleOnCreation', associateRole: { typeId: 'associate-role', id: role.id } },
    ]);
    expect(set.status).toBe(200);
    const body = await set.json();
    expect(body.businessUnits).toEqual({
      myBusinessUnitStatusOnCreation: 'Active',
      myBusinessUnitAssociateRoleOnCreation: { typeId: 'associate-role', key: 'my-bu-admin' },
    });
    const byKey = await update(body.version, [{ action: 'setMyBusinessUnitAssociateRoleOnCreation', associateRole: { key: 'my-bu-admin' } }]);
    expect((await byKey.json()).businessUnits.myBusinessUnitAssociateRoleOnCreation).toEqual({ typeId: 'associate-role', key: 'my-bu-admin' });
  });

  it('refuses an unknown role, another type, a status outside the enum, and changes nothing', async () => {
    const current = await (await api(server, token, '/test')).json();
    const cases: Array<[unknown[], number, string]> = [
      [[{ action: 'setMyBusinessUnitAssociateRoleOnCreation', associateRole: { key: 'no-such-role' } }], 400, 'ReferencedResourceNotFound'],
      [[{ action: 'setMyBusinessUnitAssociateRoleOnCreation', associateRole: { typeId: 'store', key: 'my-bu-admin' } }], 400, 'InvalidField'],
      [[{ action: 'setMyBusinessUnitAssociateRoleOnCreation', associateRole: {} }], 400, 'RequiredField'],
      [[{ action: 'changeMyBusinessUnitStatusOnCreation', status: 'Closed' }], 400, 'InvalidField'],
      // All or nothing: a valid first action is not kept when the second fails.
      [
        [
          { action: 'changeMyBusinessUnitStatusOnCreation', status: 'Inactive' },
          { action: 'setMyBusinessUnitAssociateRoleOnCreation', associateRole: { id: 'nope' } },
        ],
        400,
        'ReferencedResourceNotFound',
      ],
    ];
    for (const [actions, status, code] of cases) {
      const res = await update(current.version, actions);
      expect([res.status, (await res.json()).errors[0].code]).toEqual([status, code]);
    }
    expect(await (await api(server, token, '/test')).json()).toEqual(current);
  });
});

describe('GraphQL', () => {
  it('serves the project query', async () => {
    const res = await api(server, token, '/test/graphql', { body: { query: '{ project { key version languages } }' } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data.project.key).toBe('test');
  });

  it('reports syntax errors with an extensions code', async () => {
    const res = await api(server, token, '/test/graphql', { body: { query: '{ project { ' } });
    const body = await res.json();
    expect(body.errors[0].extensions.code).toEqual(expect.any(String));
  });
});
