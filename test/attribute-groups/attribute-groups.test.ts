import { api, clientToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { create, update, updated, type Resource } from '../support/pricing.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface AttributeGroup extends Resource {
  name: Record<string, string>;
  description?: Record<string, string>;
  attributes: { key: string }[];
}

let server: TestServer;
let manager: string;

beforeAll(async () => {
  server = await startTestServer();
  manager = await clientToken(server, 'manage_attribute_groups:test');
});
afterAll(async () => {
  await server.close();
});

describe('attribute groups', () => {
  it('creates, updates its attributes all or nothing, reads by key, deletes', async () => {
    const group = await create<AttributeGroup>(server, manager, 'attribute-groups', {
      key: 'sizes',
      name: { en: 'Sizes' },
      attributes: [{ key: 'size' }, { key: 'fit' }],
    });
    expect(group).toMatchObject({ version: 1, key: 'sizes', attributes: [{ key: 'size' }, { key: 'fit' }] });
    const changed = await updated<AttributeGroup>(server, manager, 'attribute-groups', group, [
      { action: 'addAttribute', attribute: { key: 'length' } },
      { action: 'removeAttribute', attribute: { key: 'fit' } },
      { action: 'setDescription', description: { en: 'What fits' } },
      { action: 'changeName', name: { en: 'Fit' } },
    ]);
    expect(changed).toMatchObject({ version: 2, name: { en: 'Fit' }, description: { en: 'What fits' }, attributes: [{ key: 'size' }, { key: 'length' }] });
    // A duplicate name in the last action: nothing of the update is kept.
    await expectError(
      await update(server, manager, 'attribute-groups', group.id, 2, [
        { action: 'setAttributes', attributes: [{ key: 'a' }] },
        { action: 'addAttribute', attribute: { key: 'a' } },
      ]),
      400,
      'DuplicateField',
      { field: 'attributes' },
    );
    await expectError(
      await update(server, manager, 'attribute-groups', group.id, 2, [{ action: 'removeAttribute', attribute: { key: 'colour' } }]),
      400,
      'InvalidOperation',
    );
    const byKey = await api(server, manager, `/${server.projectKey}/attribute-groups/key=sizes`);
    expect(((await byKey.json()) as AttributeGroup).version).toBe(2);
    await expectError(
      await api(server, manager, `/${server.projectKey}/attribute-groups`, { body: { key: 'sizes', name: { en: 'x' }, attributes: [] } }),
      400,
      'DuplicateField',
      { field: 'key' },
    );
    expect((await api(server, manager, `/${server.projectKey}/attribute-groups/key=sizes?version=2`, { method: 'DELETE' })).status).toBe(200);
    expect((await api(server, manager, `/${server.projectKey}/attribute-groups/${group.id}`, { method: 'HEAD' })).status).toBe(404);
  });

  it('needs view_attribute_groups (or view_products) to read, manage_attribute_groups (or manage_products) to write', async () => {
    const group = await create<AttributeGroup>(server, manager, 'attribute-groups', { name: { en: 'G' }, attributes: [] });
    const viewer = await clientToken(server, 'view_products:test');
    const other = await clientToken(server, 'view_orders:test');
    expect((await api(server, viewer, `/${server.projectKey}/attribute-groups/${group.id}`)).status).toBe(200);
    expect((await api(server, other, `/${server.projectKey}/attribute-groups/${group.id}`)).status).toBe(403);
    expect((await update(server, viewer, 'attribute-groups', group.id, 1, [{ action: 'setKey', key: 'kk' }])).status).toBe(403);
  });
});
