import { api, clientToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { create, update, updated, type Resource } from '../support/pricing.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface DiscountGroup extends Resource {
  sortOrder: string;
  isActive: boolean;
  name?: Record<string, string>;
}

let server: TestServer;
let manager: string;

beforeAll(async () => {
  server = await startTestServer();
  manager = await clientToken(server, 'manage_discount_groups:test');
});
afterAll(async () => {
  await server.close();
});

describe('discount groups', () => {
  it('create with a unique sort order, update, read by key and delete', async () => {
    const group = await create<DiscountGroup>(server, manager, 'discount-groups', { key: 'summer', sortOrder: '0.5', name: { en: 'Summer' } });
    expect(group).toMatchObject({ version: 1, key: 'summer', sortOrder: '0.5', isActive: true });
    await expectError(
      await api(server, manager, `/${server.projectKey}/discount-groups`, { body: { key: 'winter', sortOrder: '0.5' } }),
      400,
      'DuplicateField',
      { field: 'sortOrder' },
    );
    await expectError(await api(server, manager, `/${server.projectKey}/discount-groups`, { body: { key: 'winter', sortOrder: '2' } }), 400, 'InvalidField', {
      field: 'sortOrder',
    });
    const changed = await updated<DiscountGroup>(server, manager, 'discount-groups', group, [
      { action: 'setIsActive', isActive: false },
      { action: 'setSortOrder', sortOrder: '0.7' },
      { action: 'setName' },
    ]);
    expect(changed).toMatchObject({ version: 2, isActive: false, sortOrder: '0.7' });
    expect(changed.name).toBeUndefined();
    await expectError(await update(server, manager, 'discount-groups', group.id, 1, [{ action: 'setKey', key: 'other' }]), 409, 'ConcurrentModification');
    expect((await api(server, manager, `/${server.projectKey}/discount-groups/key=summer`)).status).toBe(200);
    expect((await api(server, manager, `/${server.projectKey}/discount-groups/key=summer?version=2`, { method: 'DELETE' })).status).toBe(200);
    const viewer = await clientToken(server, 'view_orders:test');
    expect((await api(server, viewer, `/${server.projectKey}/discount-groups`)).status).toBe(403);
  });
});
