import { api, clientToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { create, updated, type Resource } from '../support/pricing.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
let manager: string;

beforeAll(async () => {
  server = await startTestServer();
  manager = await clientToken(server, 'manage_recurrence_policies:test');
});
afterAll(async () => {
  await server.close();
});

describe('recurrence policies', () => {
  it('create with a schedule, change it, read by key, refuse malformed schedules, delete', async () => {
    const policy = await create<Resource>(server, manager, 'recurrence-policies', {
      key: 'monthly',
      schedule: { type: 'standard', value: 1, intervalUnit: 'Months' },
    });
    expect(policy).toMatchObject({ version: 1, key: 'monthly', schedule: { type: 'standard', value: 1, intervalUnit: 'Months' } });
    const changed = await updated<Resource>(server, manager, 'recurrence-policies', policy, [
      { action: 'setSchedule', schedule: { type: 'dayOfMonth', day: 15 } },
      { action: 'setName', name: { en: 'Mid-month' } },
    ]);
    expect(changed).toMatchObject({ version: 2, schedule: { type: 'dayOfMonth', day: 15 }, name: { en: 'Mid-month' } });
    for (const schedule of [
      { type: 'dayOfMonth', day: 31 },
      { type: 'standard', value: 0, intervalUnit: 'Days' },
      { type: 'standard', value: 1, intervalUnit: 'Years' },
      { type: 'weekly' },
    ]) {
      const res = await api(server, manager, `/${server.projectKey}/recurrence-policies`, { body: { key: 'bad', schedule } });
      expect(res.status).toBe(400);
    }
    await expectError(
      await api(server, manager, `/${server.projectKey}/recurrence-policies`, { body: { schedule: { type: 'dayOfMonth', day: 1 } } }),
      400,
      'RequiredField',
      { field: 'key' },
    );
    expect((await api(server, manager, `/${server.projectKey}/recurrence-policies/key=monthly`)).status).toBe(200);
    expect((await api(server, manager, `/${server.projectKey}/recurrence-policies/key=monthly?version=2`, { method: 'DELETE' })).status).toBe(200);
    const other = await clientToken(server, 'view_products:test');
    expect((await api(server, other, `/${server.projectKey}/recurrence-policies`)).status).toBe(403);
  });
});
