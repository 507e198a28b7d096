import { api, clientToken } from '../support/auth.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { expectError } from '../support/errors.js';

interface RoleBody {
  id: string;
  version: number;
  key: string;
  name?: string;
  buyerAssignable: boolean;
  permissions: string[];
  custom?: unknown;
  createdAt: string;
  lastModifiedAt: string;
}
interface Page {
  count: number;
  total?: number;
  results: RoleBody[];
}
interface ErrorBody {
  message: string;
  errors: { code: string; message: string; [extra: string]: unknown }[];
}

let server: TestServer;
let manager: string;
let viewer: string;
let keySeq = 0;

beforeAll(async () => {
  server = await startTestServer();
  manager = await clientToken(server, 'manage_associate_roles:test');
  viewer = await clientToken(server, 'view_associate_roles:test');
});
afterAll(async () => {
  await server.close();
});

const uniqueKey = () => `role-${++keySeq}`;

async function createRole(draft: Record<string, unknown> = {}): Promise<RoleBody> {
  const res = await api(server, manager, '/test/associate-roles', { body: { key: uniqueKey(), ...draft } });
  if (res.status !== 201) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as RoleBody;
}

function update(path: string, version: number, actions: unknown[]): Promise<Response> {
  return api(server, manager, `/test/associate-roles/${path}`, { body: { version, actions } });
}

async function updated(path: string, version: number, actions: unknown[]): Promise<RoleBody> {
  const res = await update(path, version, actions);
  if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as RoleBody;
}

describe('create', () => {
  it('answers 201; buyerAssignable defaults to true and permissions to []', async () => {
    const res = await api(server, manager, '/test/associate-roles', { body: { key: 'admin' } });
    expect(res.status).toBe(201);
    const role = (await res.json()) as RoleBody;
    expect(role).toMatchObject({ key: 'admin', version: 1, buyerAssignable: true, permissions: [] });
    expect(role.name).toBeUndefined();
  });

  it('keeps name, buyerAssignable false and the permissions given', async () => {
    const role = await createRole({ name: 'Buyer', buyerAssignable: false, permissions: ['ViewMyCarts', 'CreateMyCarts'] });
    expect(role).toMatchObject({ name: 'Buyer', buyerAssignable: false, permissions: ['ViewMyCarts', 'CreateMyCarts'] });
  });

  it('accepts the GraphQL-only payment method permissions', async () => {
    const role = await createRole({ permissions: ['ViewMyPaymentMethods', 'DeleteOthersPaymentMethods'] });
    expect(role.permissions).toEqual(['ViewMyPaymentMethods', 'DeleteOthersPaymentMethods']);
  });

  it('rejects an unknown permission with 400 InvalidField listing the allowed values', async () => {
    const res = await api(server, manager, '/test/associate-roles', { body: { key: uniqueKey(), permissions: ['ViewMyCarts', 'FlyToTheMoon'] } });
    expect(res.status).toBe(400);
    const error = ((await res.json()) as ErrorBody).errors[0];
    expect(error).toMatchObject({ code: 'InvalidField', field: 'permissions[1]', invalidValue: 'FlyToTheMoon' });
    expect(error.allowedValues).toHaveLength(55);
  });

  it('rejects a duplicate key with 400 DuplicateField', async () => {
    const role = await createRole();
    const res = await api(server, manager, '/test/associate-roles', { body: { key: role.key } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).errors[0]).toMatchObject({ code: 'DuplicateField', field: 'key', duplicateValue: role.key });
  });

  it('requires a key', async () => {
    const res = await api(server, manager, '/test/associate-roles', { body: { name: 'x' } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).errors[0]).toMatchObject({ code: 'RequiredField', field: 'key' });
  });

  it('a custom type that does not exist is 400 ReferencedResourceNotFound', async () => {
    const res = await api(server, manager, '/test/associate-roles', { body: { key: uniqueKey(), custom: { type: { key: 'role-fields' } } } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'type', key: 'role-fields' });
  });
});

describe('get, HEAD and query', () => {
  it('gets by id and by key', async () => {
    const role = await createRole({ name: 'Reader' });
    expect(await (await api(server, viewer, `/test/associate-roles/${role.id}`)).json()).toEqual(role);
    expect(await (await api(server, viewer, `/test/associate-roles/key=${role.key}`)).json()).toEqual(role);
  });

  it('unknown id or key is 404', async () => {
    await expectError(await api(server, viewer, '/test/associate-roles/no-such-id'), 404, 'ResourceNotFound');
    await expectError(await api(server, viewer, '/test/associate-roles/key=no-such-key'), 404, 'ResourceNotFound');
  });

  it('HEAD by id and key: 200 or 404', async () => {
    const role = await createRole();
    expect((await api(server, viewer, `/test/associate-roles/${role.id}`, { method: 'HEAD' })).status).toBe(200);
    expect((await api(server, viewer, `/test/associate-roles/key=${role.key}`, { method: 'HEAD' })).status).toBe(200);
    expect((await api(server, viewer, '/test/associate-roles/key=no-such-key', { method: 'HEAD' })).status).toBe(404);
  });

  it('queries by permission (any element of the array) and buyerAssignable, with total', async () => {
    const approver = await createRole({ permissions: ['UpdateApprovalFlows', 'ViewMyQuotes'], buyerAssignable: false });
    await createRole({ permissions: ['UpdateApprovalFlows'] });
    const where = encodeURIComponent('permissions contains any ("UpdateApprovalFlows") and buyerAssignable = false');
    const res = await api(server, viewer, `/test/associate-roles?where=${where}`);
    expect(res.status).toBe(200);
    const page = (await res.json()) as Page;
    expect(page.results.map((r) => r.id)).toEqual([approver.id]);
    expect(page.total).toBe(1);
  });

  it('HEAD on the collection follows the where predicate', async () => {
    const role = await createRole({ name: 'Findable' });
    const hit = await api(server, viewer, `/test/associate-roles?where=${encodeURIComponent(`name = "Findable" and key = "${role.key}"`)}`, { method: 'HEAD' });
    expect(hit.status).toBe(200);
    const miss = await api(server, viewer, `/test/associate-roles?where=${encodeURIComponent('name = "Nobody"')}`, { method: 'HEAD' });
    expect(miss.status).toBe(404);
  });
});

describe('update actions', () => {
  it('addPermission adds once; removePermission removes', async () => {
    const role = await createRole({ permissions: ['ViewMyCarts'] });
    const added = await updated(role.id, 1, [
      { action: 'addPermission', permission: 'UpdateMyCarts' },
      { action: 'addPermission', permission: 'UpdateMyCarts' },
    ]);
    expect(added).toMatchObject({ version: 2, permissions: ['ViewMyCarts', 'UpdateMyCarts'] });
    const removed = await updated(role.id, 2, [{ action: 'removePermission', permission: 'ViewMyCarts' }]);
    expect(removed.permissions).toEqual(['UpdateMyCarts']);
  });

  it('setPermissions replaces the list; without permissions it empties it', async () => {
    const role = await createRole({ permissions: ['ViewMyCarts'] });
    expect((await updated(role.id, 1, [{ action: 'setPermissions', permissions: ['ViewMyOrders', 'ViewOthersOrders'] }])).permissions).toEqual([
      'ViewMyOrders',
      'ViewOthersOrders',
    ]);
    expect((await updated(role.id, 2, [{ action: 'setPermissions' }])).permissions).toEqual([]);
  });

  it('an unknown permission in an action is 400 InvalidField', async () => {
    const role = await createRole();
    const res = await update(role.id, 1, [{ action: 'addPermission', permission: 'Teleport' }]);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).errors[0]).toMatchObject({ code: 'InvalidField', invalidValue: 'Teleport' });
  });

  it('changeBuyerAssignable and setName (by key); setName without name removes it', async () => {
    const role = await createRole({ name: 'Old' });
    const changed = await updated(`key=${role.key}`, 1, [
      { action: 'changeBuyerAssignable', buyerAssignable: false },
      { action: 'setName', name: 'New' },
    ]);
    expect(changed).toMatchObject({ version: 2, buyerAssignable: false, name: 'New' });
    const unnamed = await updated(`key=${role.key}`, 2, [{ action: 'setName' }]);
    expect(unnamed.name).toBeUndefined();
  });

  it('setCustomType without a type removes custom fields (a no-op without them)', async () => {
    const role = await createRole();
    const same = await updated(role.id, 1, [{ action: 'setCustomType' }]);
    expect(same.version).toBe(1);
    expect(same.custom).toBeUndefined();
  });

  it('setCustomType with a type that does not exist is 400 ReferencedResourceNotFound', async () => {
    const role = await createRole();
    const res = await update(role.id, 1, [{ action: 'setCustomType', type: { typeId: 'type', id: 'missing-type' } }]);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'type', id: 'missing-type' });
  });

  it('setCustomField without a custom type is 400 InvalidOperation, and the whole request is undone', async () => {
    const role = await createRole({ permissions: [] });
    const res = await update(role.id, 1, [
      { action: 'addPermission', permission: 'ViewMyCarts' },
      { action: 'setCustomField', name: 'level', value: 3 },
    ]);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).errors[0].code).toBe('InvalidOperation');
    expect(await (await api(server, viewer, `/test/associate-roles/${role.id}`)).json()).toEqual(role);
  });

  it('a stale version is 409 ConcurrentModification with the current version', async () => {
    const role = await createRole();
    await updated(role.id, 1, [{ action: 'setName', name: 'v2' }]);
    const res = await update(`key=${role.key}`, 1, [{ action: 'setName', name: 'lost' }]);
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 2 });
  });
});

describe('delete', () => {
  it('deletes by id and by key at the current version', async () => {
    const a = await createRole();
    const b = await createRole();
    expect((await api(server, manager, `/test/associate-roles/${a.id}?version=1`, { method: 'DELETE' })).status).toBe(200);
    const res = await api(server, manager, `/test/associate-roles/key=${b.key}?version=1`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(b);
    expect((await api(server, viewer, `/test/associate-roles/${a.id}`)).status).toBe(404);
    expect((await api(server, viewer, `/test/associate-roles/${b.id}`)).status).toBe(404);
  });

  it('a stale version is 409 and the role stays', async () => {
    const role = await createRole();
    await updated(role.id, 1, [{ action: 'setName', name: 'v2' }]);
    const res = await api(server, manager, `/test/associate-roles/key=${role.key}?version=1`, { method: 'DELETE' });
    await expectError(res, 409, 'ConcurrentModification', { currentVersion: 2 });
    expect((await api(server, viewer, `/test/associate-roles/${role.id}`)).status).toBe(200);
  });
});

describe('scopes', () => {
  it('view_associate_roles reads but cannot write', async () => {
    const role = await createRole();
    expect((await api(server, viewer, '/test/associate-roles')).status).toBe(200);
    await expectError(await api(server, viewer, '/test/associate-roles', { body: { key: uniqueKey() } }), 403, 'insufficient_scope');
    await expectError(await api(server, viewer, `/test/associate-roles/${role.id}`, { body: { version: 1, actions: [] } }), 403, 'insufficient_scope');
    await expectError(await api(server, viewer, `/test/associate-roles/${role.id}?version=1`, { method: 'DELETE' }), 403, 'insufficient_scope');
  });

  it('a store scope does not open associate roles', async () => {
    const storeManager = await clientToken(server, 'manage_stores:test');
    const res = await api(server, storeManager, '/test/associate-roles');
    expect(res.status).toBe(403);
    expect(((await res.json()) as ErrorBody).errors[0].code).toBe('insufficient_scope');
  });

  it('manage_project opens everything', async () => {
    const admin = await clientToken(server, 'manage_project:test');
    expect((await api(server, admin, '/test/associate-roles', { body: { key: uniqueKey() } })).status).toBe(201);
  });
});
