import type { SqlRunner } from '../../src/db/sql-runner.js';
import { normalizeQueryParams, queryResources } from '../../src/query/index.js';
import { categoryResource } from '../../src/resources/queryable-resources.js';
import { api, clientToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { categoryRef, createCategory, ok, uniqueSlug, type CategoryBody } from './support.js';

let server: TestServer;
let manager: string;
let viewer: string;
const C = '/test/categories';

beforeAll(async () => {
  server = await startTestServer();
  manager = await clientToken(server, 'manage_categories:test manage_types:test');
  viewer = await clientToken(server, 'view_categories:test');
});
afterAll(async () => {
  await server.close();
});

const create = (draft: Record<string, unknown> = {}) => createCategory(server, manager, draft);
const get = (id: string, token = viewer) => ok<CategoryBody>(api(server, token, `${C}/${id}`));
const update = (category: { id: string; version: number }, actions: unknown[]) =>
  api(server, manager, `${C}/${category.id}`, { body: { version: category.version, actions } });

describe('create and read', () => {
  it('answers 201 with version 1, no ancestors, empty assets and a random order hint between 0 and 1', async () => {
    const res = await api(server, manager, C, { body: { key: 'shoes', name: { en: 'Shoes' }, slug: { en: 'shoes', de: 'schuhe' }, externalId: 'ext-1' } });
    expect(res.status).toBe(201);
    const category = (await res.json()) as CategoryBody;
    expect(category).toMatchObject({
      version: 1,
      key: 'shoes',
      name: { en: 'Shoes' },
      slug: { en: 'shoes', de: 'schuhe' },
      externalId: 'ext-1',
      ancestors: [],
      assets: [],
    });
    expect(category.parent).toBeUndefined();
    expect(category.orderHint).toMatch(/^0\.\d+$/);
    expect(await get(category.id)).toEqual(category);
    expect(await ok(api(server, viewer, `${C}/key=shoes`))).toEqual(category);
  });

  it('keeps the given order hint, description and meta fields, and gives each asset an id', async () => {
    const category = await create({
      orderHint: '0.5',
      description: { en: 'All of it' },
      metaTitle: { en: 'T' },
      metaDescription: { en: 'D' },
      metaKeywords: { en: 'K' },
      assets: [{ key: 'logo', name: { en: 'Logo' }, sources: [{ uri: 'https://cdn.example/logo.png', dimensions: { w: 10, h: 20 } }], tags: ['brand'] }],
    });
    expect(category).toMatchObject({
      orderHint: '0.5',
      description: { en: 'All of it' },
      metaTitle: { en: 'T' },
      metaDescription: { en: 'D' },
      metaKeywords: { en: 'K' },
    });
    expect(category.assets).toEqual([
      {
        id: expect.any(String),
        key: 'logo',
        name: { en: 'Logo' },
        sources: [{ uri: 'https://cdn.example/logo.png', dimensions: { w: 10, h: 20 } }],
        tags: ['brand'],
      },
    ]);
  });

  it('requires name and slug; a slug outside ^[A-Za-z0-9_-]{2,256}$ is InvalidField', async () => {
    await expectError(await api(server, manager, C, { body: { slug: { en: uniqueSlug() } } }), 400, 'RequiredField', { field: 'name' });
    await expectError(await api(server, manager, C, { body: { name: { en: 'x' } } }), 400, 'RequiredField', { field: 'slug' });
    await expectError(await api(server, manager, C, { body: { name: { en: 'x' }, slug: { en: 'has space' } } }), 400, 'InvalidField');
    await expectError(await api(server, manager, C, { body: { name: { en: 'x' }, slug: { en: 'x' } } }), 400, 'InvalidField');
  });

  it('answers 404 for an unknown id or key, and HEAD answers 200 or 404 without a body', async () => {
    const category = await create({ key: uniqueSlug('key') });
    await expectError(await api(server, viewer, `${C}/00000000-0000-0000-0000-000000000000`), 404, 'ResourceNotFound');
    await expectError(await api(server, viewer, `${C}/key=nope`), 404, 'ResourceNotFound');
    for (const [path, status] of [
      [`${C}/${category.id}`, 200],
      [`${C}/key=${category.key}`, 200],
      [`${C}/key=nope`, 404],
      [`${C}?where=${encodeURIComponent(`id="${category.id}"`)}`, 200],
      [`${C}?where=${encodeURIComponent('key="nope"')}`, 404],
    ] as const) {
      const res = await api(server, viewer, path, { method: 'HEAD' });
      expect([path, res.status]).toEqual([path, status]);
      expect(await res.text()).toBe('');
    }
  });

  it('a key used by another category is DuplicateField', async () => {
    const key = uniqueSlug('key');
    await create({ key });
    await expectError(await api(server, manager, C, { body: { key, name: { en: 'x' }, slug: { en: uniqueSlug() } } }), 400, 'DuplicateField', {
      field: 'key',
      duplicateValue: key,
    });
  });
});

describe('slugs are unique per locale in the project', () => {
  it('refuses a slug another category has in the same locale, with DuplicateField naming the locale', async () => {
    const slug = uniqueSlug();
    await create({ slug: { en: slug } });
    const res = await api(server, manager, C, { body: { name: { en: 'x' }, slug: { en: uniqueSlug(), de: 'frei-und-neu' } } });
    expect(res.status).toBe(201);
    await expectError(await api(server, manager, C, { body: { name: { en: 'x' }, slug: { de: uniqueSlug(), en: slug } } }), 400, 'DuplicateField', {
      field: 'slug.en',
      duplicateValue: slug,
    });
  });

  it('allows the same slug in another locale, and in two locales of one category', async () => {
    const slug = uniqueSlug();
    await create({ slug: { en: slug } });
    const other = await create({ slug: { de: slug, fr: slug } });
    expect(other.slug).toEqual({ de: slug, fr: slug });
  });

  it('changeSlug to a taken slug fails and changes nothing; a slug freed by changeSlug or delete is free again', async () => {
    const taken = uniqueSlug();
    const first = await create({ slug: { en: taken } });
    const second = await create();
    await expectError(
      await update(second, [
        { action: 'setKey', key: uniqueSlug('k') },
        { action: 'changeSlug', slug: { en: taken } },
      ]),
      400,
      'DuplicateField',
      { field: 'slug.en' },
    );
    expect(await get(second.id)).toEqual(second);
    const moved = await ok<CategoryBody>(update(first, [{ action: 'changeSlug', slug: { en: uniqueSlug() } }]));
    const reused = await ok<CategoryBody>(update(second, [{ action: 'changeSlug', slug: { en: taken } }]));
    expect(reused.slug).toEqual({ en: taken });
    await ok(api(server, manager, `${C}/${reused.id}?version=${reused.version}`, { method: 'DELETE' }));
    await ok(update(moved, [{ action: 'changeSlug', slug: { en: taken } }]));
  });
});

describe('the tree', () => {
  it('a child stores its parent and its ancestors from the root down; the parent may be named by key', async () => {
    const root = await create({ key: uniqueSlug('root') });
    const child = await create({ parent: { typeId: 'category', key: root.key } });
    const grandchild = await create({ parent: categoryRef(child) });
    expect(child).toMatchObject({ parent: categoryRef(root), ancestors: [categoryRef(root)] });
    expect(grandchild).toMatchObject({ parent: categoryRef(child), ancestors: [categoryRef(root), categoryRef(child)] });
  });

  it('an unknown parent is ReferencedResourceNotFound; a parent of another type is InvalidField', async () => {
    await expectError(
      await api(server, manager, C, { body: { name: { en: 'x' }, slug: { en: uniqueSlug() }, parent: { typeId: 'category', id: 'nope' } } }),
      400,
      'ReferencedResourceNotFound',
      {
        typeId: 'category',
        id: 'nope',
      },
    );
    await expectError(
      await api(server, manager, C, { body: { name: { en: 'x' }, slug: { en: uniqueSlug() }, parent: { typeId: 'store', id: 'nope' } } }),
      400,
      'InvalidField',
      {
        field: 'parent.typeId',
      },
    );
  });

  it('changeParent moves the subtree: the descendants get the new ancestors in the same update', async () => {
    const a = await create();
    const b = await create();
    const c = await create({ parent: categoryRef(a) });
    const d = await create({ parent: categoryRef(c) });
    const moved = await ok<CategoryBody>(update(c, [{ action: 'changeParent', parent: categoryRef(b) }]));
    expect(moved).toMatchObject({ version: 2, parent: categoryRef(b), ancestors: [categoryRef(b)] });
    const descendant = await get(d.id);
    expect(descendant).toMatchObject({ version: 2, parent: categoryRef(c), ancestors: [categoryRef(b), categoryRef(c)] });
    const inA = await ok<{ results: CategoryBody[] }>(api(server, viewer, `${C}?where=${encodeURIComponent(`ancestors(id="${a.id}")`)}`));
    expect(inA.results).toEqual([]);
  });

  it('refuses to make a category its own parent or a child of its descendant, and changes nothing', async () => {
    const root = await create();
    const child = await create({ parent: categoryRef(root) });
    await expectError(await update(root, [{ action: 'changeParent', parent: categoryRef(root) }]), 400, 'InvalidOperation');
    await expectError(await update(root, [{ action: 'changeParent', parent: categoryRef(child) }]), 400, 'InvalidOperation');
    expect(await get(root.id)).toEqual(root);
  });

  it('queries by parent, by ancestor and by slug, sorted by orderHint, expanding parent and ancestors', async () => {
    const root = await create();
    const second = await create({ parent: categoryRef(root), orderHint: '0.2' });
    const first = await create({ parent: categoryRef(root), orderHint: '0.1' });
    const leaf = await create({ parent: categoryRef(first) });
    const byParent = await ok<{ results: CategoryBody[]; total: number }>(
      api(server, viewer, `${C}?where=${encodeURIComponent(`parent(id="${root.id}")`)}&sort=orderHint%20asc&expand=parent`),
    );
    expect(byParent.results.map((c) => c.id)).toEqual([first.id, second.id]);
    expect(byParent.total).toBe(2);
    expect(byParent.results[0].parent?.obj?.id).toBe(root.id);
    const subtree = await ok<{ results: CategoryBody[] }>(
      api(server, viewer, `${C}?where=${encodeURIComponent(`ancestors(id="${root.id}")`)}&sort=createdAt%20asc`),
    );
    expect(subtree.results.map((c) => c.id)).toEqual([second.id, first.id, leaf.id]);
    const bySlug = await ok<{ results: CategoryBody[] }>(
      api(server, viewer, `${C}?where=${encodeURIComponent(`slug(en="${leaf.slug.en}")`)}&expand=${encodeURIComponent('ancestors[*]')}`),
    );
    expect(bySlug.results.map((c) => c.id)).toEqual([leaf.id]);
    expect(bySlug.results[0].ancestors.map((a) => a.obj?.id)).toEqual([root.id, first.id]);
  });

  it('answers "the children of X" from the parent column, which follows changeParent and removal of the parent', async () => {
    const root = await create();
    const first = await create({ parent: categoryRef(root) });
    const leaf = await create({ parent: categoryRef(first) });
    const childrenOf = async (parent: CategoryBody) =>
      (
        await ok<{ results: CategoryBody[] }>(api(server, viewer, `${C}?where=${encodeURIComponent(`parent(id="${parent.id}")`)}&sort=createdAt%20asc`))
      ).results.map((c) => c.id);
    expect(await childrenOf(first)).toEqual([leaf.id]);
    const moved = await ok<CategoryBody>(update(leaf, [{ action: 'changeParent', parent: categoryRef(root) }]));
    expect(await childrenOf(first)).toEqual([]);
    expect(await childrenOf(root)).toEqual([first.id, leaf.id]);
    const notUnderRoot = await ok<{ results: CategoryBody[] }>(
      api(server, viewer, `${C}?where=${encodeURIComponent(`not(parent(id="${root.id}")) and id in ("${root.id}", "${first.id}", "${moved.id}")`)}`),
    );
    expect(notUnderRoot.results.map((c) => c.id)).toEqual([root.id]);
  });

  it('finds the children of X through the parent index, and counts them without reading a document', async () => {
    const root = await create();
    for (let i = 0; i < 3; i++) await create({ parent: categoryRef(root) });
    const db = server.services.db;
    const statements: Array<{ sql: string; params: readonly unknown[] }> = [];
    const recording: SqlRunner = {
      dialect: db.dialect,
      queryRaw: <T>(sql: string, params: readonly unknown[] = []) => {
        statements.push({ sql, params });
        return db.queryRaw<T>(sql, params);
      },
      executeRaw: (sql, params) => db.executeRaw(sql, params),
    };
    const params = normalizeQueryParams({ where: [`parent(id="${root.id}")`], sort: ['orderHint asc'], withTotal: true });
    const page = await queryResources(recording, categoryResource, params, { projectKey: 'test' });
    expect(page.total).toBe(3);
    // SQLite counts in a second statement; PostgreSQL may take the total from the page's own.
    expect(statements.length).toBeGreaterThanOrEqual(1);
    for (const { sql, params: bound } of statements) {
      // The nested predicate compiles to the column alone: no JSON type guard hiding it from the planner.
      expect(sql).not.toMatch(/json_type\("Category"\."data", '\$\."parent"'\)|jsonb_typeof\([^)]*'parent'/);
      // (PostgreSQL's planner rightly scans a table this small, so only SQLite's plan is asserted.)
      if (db.dialect === 'sqlite') {
        const plan = (await db.queryRaw<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, bound)).map((r) => r.detail).join('\n');
        expect(plan).toMatch(/USING (COVERING )?INDEX Category_projectKey_parentId_idx/);
      }
    }
  });
});

describe('update actions', () => {
  it('sets and removes the plain fields together, one version per request', async () => {
    const category = await create({ description: { en: 'old' }, externalId: 'e1' });
    const updated = await ok<CategoryBody>(
      update(category, [
        { action: 'changeName', name: { en: 'New name' } },
        { action: 'changeOrderHint', orderHint: '0.75' },
        { action: 'setKey', key: 'renamed-key' },
        { action: 'setDescription' },
        { action: 'setExternalId' },
        { action: 'setMetaTitle', metaTitle: { en: 'MT' } },
        { action: 'setMetaDescription', metaDescription: { en: 'MD' } },
        { action: 'setMetaKeywords', metaKeywords: { en: 'MK' } },
      ]),
    );
    expect(updated).toMatchObject({
      version: 2,
      name: { en: 'New name' },
      orderHint: '0.75',
      key: 'renamed-key',
      metaTitle: { en: 'MT' },
      metaDescription: { en: 'MD' },
      metaKeywords: { en: 'MK' },
    });
    expect(updated.description).toBeUndefined();
    expect(updated.externalId).toBeUndefined();
    const cleared = await ok<CategoryBody>(update(updated, [{ action: 'setKey' }, { action: 'setMetaTitle' }]));
    expect(cleared.key).toBeUndefined();
    expect(cleared.metaTitle).toBeUndefined();
  });

  it('a stale version is 409 ConcurrentModification and nothing changes', async () => {
    const category = await create();
    await ok(update(category, [{ action: 'changeName', name: { en: 'v2' } }]));
    await expectError(await update(category, [{ action: 'changeName', name: { en: 'lost' } }]), 409, 'ConcurrentModification', { currentVersion: 2 });
    expect((await get(category.id)).name).toEqual({ en: 'v2' });
  });

  it('an unknown action is refused with 400', async () => {
    const category = await create();
    await expectError(await update(category, [{ action: 'setColour', colour: 'red' }]), 400, 'InvalidInput');
  });

  it('asset actions: add at a position, rename, describe, tag, re-source, re-key, reorder and remove', async () => {
    const source = (uri: string) => [{ uri }];
    let category = await create({ assets: [{ key: 'asset-a', name: { en: 'A' }, sources: source('https://x/a') }] });
    category = await ok<CategoryBody>(
      update(category, [{ action: 'addAsset', position: 0, asset: { key: 'asset-b', name: { en: 'B' }, sources: source('https://x/b') } }]),
    );
    expect(category.assets.map((a) => a.key)).toEqual(['asset-b', 'asset-a']);
    const [b, a] = category.assets;
    category = await ok<CategoryBody>(
      update(category, [
        { action: 'changeAssetName', assetKey: 'asset-a', name: { en: 'A2' } },
        { action: 'setAssetDescription', assetId: a.id, description: { en: 'about a' } },
        { action: 'setAssetTags', assetKey: 'asset-a', tags: ['x', 'y'] },
        { action: 'setAssetSources', assetId: b.id, sources: [{ uri: 'https://x/b2', key: 'main' }] },
        { action: 'setAssetKey', assetId: b.id, assetKey: 'asset-b2' },
        { action: 'changeAssetOrder', assetOrder: [a.id, b.id] },
      ]),
    );
    expect(category.assets).toEqual([
      { id: a.id, key: 'asset-a', name: { en: 'A2' }, description: { en: 'about a' }, tags: ['x', 'y'], sources: source('https://x/a') },
      { id: b.id, key: 'asset-b2', name: { en: 'B' }, sources: [{ uri: 'https://x/b2', key: 'main' }] },
    ]);
    category = await ok<CategoryBody>(
      update(category, [
        { action: 'removeAsset', assetKey: 'asset-b2' },
        { action: 'setAssetKey', assetId: a.id },
      ]),
    );
    expect(category.assets).toEqual([{ id: a.id, name: { en: 'A2' }, description: { en: 'about a' }, tags: ['x', 'y'], sources: source('https://x/a') }]);
  });

  it('asset errors: an unknown asset is InvalidOperation, a duplicate asset key DuplicateField, a partial order InvalidOperation', async () => {
    const category = await create({ assets: [{ key: 'asset-a', name: { en: 'A' }, sources: [{ uri: 'https://x/a' }] }] });
    await expectError(await update(category, [{ action: 'removeAsset', assetKey: 'nope' }]), 400, 'InvalidOperation');
    await expectError(
      await update(category, [{ action: 'addAsset', asset: { key: 'asset-a', name: { en: 'A' }, sources: [{ uri: 'https://x/a' }] } }]),
      400,
      'DuplicateField',
    );
    await expectError(await update(category, [{ action: 'changeAssetOrder', assetOrder: [] }]), 400, 'InvalidOperation');
    await expectError(
      await update(category, [{ action: 'addAsset', position: 5, asset: { name: { en: 'A' }, sources: [{ uri: 'https://x/a' }] } }]),
      400,
      'InvalidOperation',
    );
    expect(await get(category.id)).toEqual(category);
  });

  it('custom fields on the category and on its assets, each with a Type for its resource type id', async () => {
    const post = <T>(path: string, body: unknown) => ok<T>(api(server, manager, path, { body }), 201);
    const text = (name: string) => ({ name, label: { en: name }, required: false, type: { name: 'String' } });
    await post('/test/types', { key: 'category-extra', name: { en: 'x' }, resourceTypeIds: ['category'], fieldDefinitions: [text('badge')] });
    const assetType = await post<{ id: string }>('/test/types', {
      key: 'asset-extra',
      name: { en: 'x' },
      resourceTypeIds: ['asset'],
      fieldDefinitions: [text('alt')],
    });
    let category = await create({
      custom: { type: { key: 'category-extra' }, fields: { badge: 'new' } },
      assets: [{ key: 'pic', name: { en: 'P' }, sources: [{ uri: 'https://x/p' }], custom: { type: { key: 'asset-extra' }, fields: { alt: 'a picture' } } }],
    });
    expect(category.custom?.fields).toEqual({ badge: 'new' });
    expect(category.assets[0].custom?.fields).toEqual({ alt: 'a picture' });
    // A Type in use by a category's asset cannot be deleted.
    await expectError(await api(server, manager, `/test/types/${assetType.id}?version=1`, { method: 'DELETE' }), 400, 'ReferenceExists');
    category = await ok<CategoryBody>(
      update(category, [
        { action: 'setCustomField', name: 'badge', value: 'sale' },
        { action: 'setAssetCustomField', assetKey: 'pic', name: 'alt', value: 'another' },
      ]),
    );
    expect(category.custom?.fields).toEqual({ badge: 'sale' });
    expect(category.assets[0].custom?.fields).toEqual({ alt: 'another' });
    await expectError(await update(category, [{ action: 'setAssetCustomType', assetKey: 'pic', type: { key: 'category-extra' } }]), 400, 'InvalidOperation');
    category = await ok<CategoryBody>(update(category, [{ action: 'setAssetCustomType', assetKey: 'pic' }, { action: 'setCustomType' }]));
    expect(category.custom).toBeUndefined();
    expect(category.assets[0].custom).toBeUndefined();
  });
});

describe('delete', () => {
  it('deletes the category and its whole subtree, frees their slugs; the answer is the deleted category', async () => {
    const root = await create({ key: uniqueSlug('root') });
    const child = await create({ parent: categoryRef(root) });
    const grandchild = await create({ parent: categoryRef(child) });
    const sibling = await create();
    const res = await api(server, manager, `${C}/key=${root.key}?version=1&expand=parent`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as CategoryBody).id).toBe(root.id);
    for (const gone of [root, child, grandchild]) await expectError(await api(server, viewer, `${C}/${gone.id}`), 404, 'ResourceNotFound');
    expect((await get(sibling.id)).id).toBe(sibling.id);
    await create({ slug: grandchild.slug });
  });

  it('a stale version is 409 and nothing is deleted', async () => {
    const root = await create();
    const child = await create({ parent: categoryRef(root) });
    await expectError(await api(server, manager, `${C}/${root.id}?version=7`, { method: 'DELETE' }), 409, 'ConcurrentModification');
    expect((await get(child.id)).id).toBe(child.id);
  });
});

describe('scopes and projects', () => {
  it('view_categories and view_products read; neither writes; manage_products writes too', async () => {
    const category = await create();
    const viewProducts = await clientToken(server, 'view_products:test');
    expect((await get(category.id, viewProducts)).id).toBe(category.id);
    await expectError(await api(server, viewer, C, { body: { name: { en: 'x' }, slug: { en: uniqueSlug() } } }), 403, 'insufficient_scope');
    await expectError(await api(server, viewProducts, `${C}/${category.id}?version=1`, { method: 'DELETE' }), 403, 'insufficient_scope');
    const manageProducts = await clientToken(server, 'manage_products:test');
    expect((await createCategory(server, manageProducts)).version).toBe(1);
  });

  it('a category of another project is not found there', async () => {
    await server.app.services.projects.create({ key: 'other-categories' });
    const category = await create();
    const other = await clientToken(server, 'manage_project:other-categories', 'other-categories');
    await expectError(await api(server, other, `/other-categories/categories/${category.id}`), 404, 'ResourceNotFound');
    const page = await ok<{ results: unknown[] }>(api(server, other, '/other-categories/categories'));
    expect(page.results).toEqual([]);
  });
});
