import { api, clientToken } from '../support/auth.js';
import { firstError } from '../support/errors.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface GroupBody {
  id: string;
  version: number;
  key?: string;
  name: string;
  custom?: { type: { typeId: string; id: string }; fields: Record<string, unknown> };
  createdAt: string;
  lastModifiedAt: string;
}
interface Page {
  limit: number;
  offset: number;
  count: number;
  total?: number;
  results: GroupBody[];
}

let server: TestServer;
let manager: string;
let viewer: string;
let keySeq = 0;

beforeAll(async () => {
  server = await startTestServer();
  manager = await clientToken(server, 'manage_customer_groups:test manage_types:test');
  viewer = await clientToken(server, 'view_customer_groups:test');
});
afterAll(async () => {
  await server.close();
});

const uniqueKey = () => `group-${++keySeq}`;

async function createGroup(draft: Record<string, unknown> = {}): Promise<GroupBody> {
  const res = await api(server, manager, '/test/customer-groups', { body: { key: uniqueKey(), groupName: `Group ${keySeq}`, ...draft } });
  if (res.status !== 201) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as GroupBody;
}

const update = (path: string, version: number, actions: unknown[]) => api(server, manager, `/test/customer-groups/${path}`, { body: { version, actions } });

describe('create', () => {
  it('answers 201 with the group at version 1; the draft groupName becomes name', async () => {
    const res = await api(server, manager, '/test/customer-groups', { body: { key: 'b2b', groupName: 'B2B' } });
    expect(res.status).toBe(201);
    const group = (await res.json()) as GroupBody & { groupName?: string };
    expect(group).toMatchObject({ version: 1, key: 'b2b', name: 'B2B' });
    expect(group.groupName).toBeUndefined();
    expect(group.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(group.lastModifiedAt).toBe(group.createdAt);
  });

  it('key is optional, and several groups may have none', async () => {
    const a = await api(server, manager, '/test/customer-groups', { body: { groupName: 'No key A' } });
    const b = await api(server, manager, '/test/customer-groups', { body: { groupName: 'No key B' } });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(((await a.json()) as GroupBody).key).toBeUndefined();
  });

  it('requires groupName (400 RequiredField)', async () => {
    const res = await api(server, manager, '/test/customer-groups', { body: { key: uniqueKey() } });
    expect(res.status).toBe(400);
    expect(await firstError(res)).toMatchObject({ code: 'RequiredField', field: 'groupName' });
  });

  it('a key already used is 400 DuplicateField', async () => {
    const group = await createGroup();
    const res = await api(server, manager, '/test/customer-groups', { body: { key: group.key, groupName: 'Other' } });
    expect(res.status).toBe(400);
    expect(await firstError(res)).toMatchObject({ code: 'DuplicateField', field: 'key', duplicateValue: group.key });
  });

  it('a custom type that does not exist is 400 ReferencedResourceNotFound', async () => {
    const res = await api(server, manager, '/test/customer-groups', { body: { groupName: 'x', custom: { type: { key: 'nope' } } } });
    expect(res.status).toBe(400);
    expect(await firstError(res)).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'type', key: 'nope' });
  });
});

describe('get, HEAD and query', () => {
  it('gets by id and by key; unknown ones are 404', async () => {
    const group = await createGroup();
    expect(await (await api(server, viewer, `/test/customer-groups/${group.id}`)).json()).toEqual(group);
    expect(await (await api(server, viewer, `/test/customer-groups/key=${group.key}`)).json()).toEqual(group);
    expect((await api(server, viewer, '/test/customer-groups/key=missing')).status).toBe(404);
    expect(await firstError(await api(server, viewer, '/test/customer-groups/00000000-0000-0000-0000-000000000000'))).toMatchObject({
      code: 'ResourceNotFound',
    });
  });

  it('HEAD by id, by key and on the collection', async () => {
    const group = await createGroup();
    expect((await api(server, viewer, `/test/customer-groups/${group.id}`, { method: 'HEAD' })).status).toBe(200);
    expect((await api(server, viewer, `/test/customer-groups/key=${group.key}`, { method: 'HEAD' })).status).toBe(200);
    expect((await api(server, viewer, '/test/customer-groups/key=missing', { method: 'HEAD' })).status).toBe(404);
    const where = (w: string) => `/test/customer-groups?where=${encodeURIComponent(w)}`;
    expect((await api(server, viewer, where(`key = "${group.key}"`), { method: 'HEAD' })).status).toBe(200);
    expect((await api(server, viewer, where('key = "missing"'), { method: 'HEAD' })).status).toBe(404);
  });

  it('queries with where, sort, limit, offset and withTotal', async () => {
    const names = ['Query C', 'Query A', 'Query B'];
    for (const name of names) await createGroup({ groupName: name });
    const where = encodeURIComponent('name in ("Query A", "Query B", "Query C")');
    const res = await api(server, viewer, `/test/customer-groups?where=${where}&sort=${encodeURIComponent('name desc')}&limit=2&offset=1&withTotal=true`);
    expect(res.status).toBe(200);
    const page = (await res.json()) as Page;
    expect(page).toMatchObject({ limit: 2, offset: 1, count: 2, total: 3 });
    expect(page.results.map((g) => g.name)).toEqual(['Query B', 'Query A']);
    const noTotal = (await (await api(server, viewer, `/test/customer-groups?where=${where}&withTotal=false`)).json()) as Page;
    expect(noTotal.total).toBeUndefined();
    expect(noTotal.count).toBe(3);
  });

  it('a bad predicate is 400', async () => {
    const res = await api(server, viewer, `/test/customer-groups?where=${encodeURIComponent('name ==')}`);
    expect(res.status).toBe(400);
  });

  it('does not see groups of another project', async () => {
    await server.app.services.projects.create({ key: 'other' });
    const group = await createGroup();
    const otherToken = await clientToken(server, 'manage_project:other', 'other');
    expect((await api(server, otherToken, `/other/customer-groups/${group.id}`)).status).toBe(404);
    const page = (await (await api(server, otherToken, '/other/customer-groups')).json()) as Page;
    expect(page.results).toEqual([]);
  });
});

describe('update actions', () => {
  it('changeName and setKey apply together and bump the version once', async () => {
    const group = await createGroup();
    const res = await update(group.id, 1, [
      { action: 'changeName', name: 'Renamed' },
      { action: 'setKey', key: 'renamed-group' },
    ]);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ version: 2, name: 'Renamed', key: 'renamed-group' });
    expect((await api(server, viewer, '/test/customer-groups/key=renamed-group')).status).toBe(200);
  });

  it('setKey without a key removes it', async () => {
    const group = await createGroup();
    const res = await update(`key=${group.key}`, 1, [{ action: 'setKey' }]);
    expect(res.status).toBe(200);
    expect(((await res.json()) as GroupBody).key).toBeUndefined();
    expect((await api(server, viewer, `/test/customer-groups/key=${group.key}`)).status).toBe(404);
  });

  it('setKey to a key another group has is 400 DuplicateField and changes nothing', async () => {
    const [a, b] = [await createGroup(), await createGroup()];
    const res = await update(b.id, 1, [
      { action: 'changeName', name: 'changed' },
      { action: 'setKey', key: a.key },
    ]);
    expect(res.status).toBe(400);
    expect(await firstError(res)).toMatchObject({ code: 'DuplicateField', field: 'key' });
    expect(await (await api(server, viewer, `/test/customer-groups/${b.id}`)).json()).toEqual(b);
  });

  it('changeName requires a name', async () => {
    const group = await createGroup();
    const res = await update(group.id, 1, [{ action: 'changeName' }]);
    expect(res.status).toBe(400);
    expect(await firstError(res)).toMatchObject({ code: 'RequiredField' });
  });

  it('setCustomType and setCustomField with a type for customer groups', async () => {
    const typeRes = await api(server, manager, '/test/types', {
      body: {
        key: 'group-fields',
        name: { en: 'Group fields' },
        resourceTypeIds: ['customer-group'],
        fieldDefinitions: [{ name: 'discount', label: { en: 'Discount' }, required: false, type: { name: 'Number' } }],
      },
    });
    expect(typeRes.status).toBe(201);
    const type = (await typeRes.json()) as { id: string };
    const group = await createGroup();
    const typed = await update(group.id, 1, [
      { action: 'setCustomType', type: { key: 'group-fields', typeId: 'type' }, fields: { discount: 5 } },
      { action: 'setCustomField', name: 'discount', value: 7 },
    ]);
    expect(typed.status).toBe(200);
    expect(((await typed.json()) as GroupBody).custom).toEqual({ type: { typeId: 'type', id: type.id }, fields: { discount: 7 } });
    const wrong = await update(group.id, 2, [{ action: 'setCustomField', name: 'discount', value: 'seven' }]);
    expect(wrong.status).toBe(400);
    expect(await firstError(wrong)).toMatchObject({ code: 'InvalidField', field: 'discount', invalidValue: 'seven' });
  });

  it('a stale version is 409 ConcurrentModification with the current version', async () => {
    const group = await createGroup();
    await update(group.id, 1, [{ action: 'changeName', name: 'v2' }]);
    const res = await update(group.id, 1, [{ action: 'changeName', name: 'lost' }]);
    expect(res.status).toBe(409);
    expect(await firstError(res)).toMatchObject({ code: 'ConcurrentModification', currentVersion: 2 });
  });

  it('an unknown action is 400 InvalidInput', async () => {
    const group = await createGroup();
    const res = await update(group.id, 1, [{ action: 'setName', name: 'x' }]);
    expect(res.status).toBe(400);
    expect(await firstError(res)).toMatchObject({ code: 'InvalidInput' });
  });
});

describe('delete', () => {
  it('deletes by id and by key at the current version, answering the deleted group', async () => {
    const [a, b] = [await createGroup(), await createGroup()];
    const byId = await api(server, manager, `/test/customer-groups/${a.id}?version=1`, { method: 'DELETE' });
    expect(byId.status).toBe(200);
    expect(await byId.json()).toEqual(a);
    const byKey = await api(server, manager, `/test/customer-groups/key=${b.key}?version=1`, { method: 'DELETE' });
    expect(byKey.status).toBe(200);
    expect((await api(server, viewer, `/test/customer-groups/${a.id}`)).status).toBe(404);
    expect((await api(server, viewer, `/test/customer-groups/${b.id}`)).status).toBe(404);
  });

  it('a stale version is 409 and the group stays', async () => {
    const group = await createGroup();
    await update(group.id, 1, [{ action: 'changeName', name: 'v2' }]);
    const res = await api(server, manager, `/test/customer-groups/${group.id}?version=1`, { method: 'DELETE' });
    expect(res.status).toBe(409);
    expect((await api(server, viewer, `/test/customer-groups/${group.id}`)).status).toBe(200);
  });
});

describe('scopes', () => {
  it('view_customer_groups reads but cannot create, update or delete (403 insufficient_scope)', async () => {
    const group = await createGroup();
    expect((await api(server, viewer, '/test/customer-groups')).status).toBe(200);
    expect((await api(server, viewer, '/test/customer-groups', { body: { groupName: 'x' } })).status).toBe(403);
    expect((await api(server, viewer, `/test/customer-groups/${group.id}`, { body: { version: 1, actions: [] } })).status).toBe(403);
    const del = await api(server, viewer, `/test/customer-groups/${group.id}?version=1`, { method: 'DELETE' });
    expect(del.status).toBe(403);
    expect((await firstError(del)).code).toBe('insufficient_scope');
  });

  it('other scopes are refused with 403; manage_project is allowed everything', async () => {
    const other = await clientToken(server, 'view_customers:test');
    expect((await api(server, other, '/test/customer-groups')).status).toBe(403);
    expect((await api(server, other, '/test/customer-groups', { method: 'HEAD' })).status).toBe(403);
    const admin = await clientToken(server, 'manage_project:test');
    const res = await api(server, admin, '/test/customer-groups', { body: { groupName: 'by admin' } });
    expect(res.status).toBe(201);
  });

  it('no token is 401', async () => {
    expect((await server.request('/test/customer-groups')).status).toBe(401);
  });
});
