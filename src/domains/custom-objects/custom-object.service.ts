import type { CustomObject, CustomObjectDraft } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { sql } from '../../db/statements.js';
import { InvalidOperationError, RequiredFieldError, ResourceNotFoundError } from '../../errors/api-error.js';
import type { PagedQueryResult, PredicateVariables, QueryParams } from '../../query/index.js';
import { DocumentRepository } from '../../resources/document-repository.js';
import { expandDocuments } from '../../resources/expansion.js';
import { customObjectResource } from '../../resources/queryable-resources.js';
import { checkVersion } from '../../resources/versioning.js';
import { ConcurrentCreateError } from '../../errors/commerce-errors.js';

const BY_NAME = sql('SELECT $DATA AS "data" FROM "CustomObject" WHERE "projectKey" = ? AND "container" = ? AND "key" = ?');
const IN_CONTAINER = sql('"CustomObject"."container" = ?');

/** "Fields with null values will not be saved" (platform): nulls leave objects, at any depth. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}

/** Where a custom object is: its id, or its container and key. */
export type CustomObjectAddress = { id: string } | { container: string; key: string };

/**
 * Custom objects (the platform's key-value documents): any JSON value under a container and a key
 * unique in that container. A POST creates or replaces (a versioned upsert: with `version`, only at
 * that version, else 409); the same value again changes nothing, not even the version.
 */
export class CustomObjectService {
  readonly repository = new DocumentRepository<CustomObject>({
    resource: customObjectResource,
    extraColumns: { names: ['container'], values: (doc) => ({ container: doc.container }) },
    uniqueRules: (doc) => [
      { model: 'CustomObject', fields: ['projectKey', 'container', 'key'], error: () => new ConcurrentCreateError(doc.container, doc.key) },
    ],
  });

  /** Creates (201) or replaces the value of (200) the custom object of the draft's container and key. */
  async upsert(ctx: RequestContext, draft: CustomObjectDraft, expand: readonly string[] = []): Promise<{ created: boolean; object: CustomObject }> {
    if (draft.value === null || draft.value === undefined) throw new RequiredFieldError('value');
    const value = withoutNulls(draft.value);
    const current = await this.find(ctx, { container: draft.container, key: draft.key });
    if (!current) {
      if (draft.version !== undefined && draft.version !== 0) throw new InvalidOperationError('version on create must be 0');
      const object = await this.repository.create(ctx, { container: draft.container, key: draft.key, value }, expand);
      return { created: true, object };
    }
    if (draft.version !== undefined) checkVersion(current.id, draft.version, current.version);
    if (JSON.stringify(current.value) === JSON.stringify(value)) return { created: false, object: await this.expanded(ctx, current, expand) };
    const next = { ...structuredClone(current), value };
    await this.repository.replace(ctx, current, next);
    return { created: false, object: await this.expanded(ctx, next, expand) };
  }

  async get(ctx: RequestContext, at: CustomObjectAddress, expand: readonly string[] = []): Promise<CustomObject> {
    return this.expanded(ctx, await this.existing(ctx, at), expand);
  }

  query(ctx: RequestContext, params: QueryParams): Promise<PagedQueryResult<CustomObject>> {
    return this.repository.query(ctx, params);
  }

  queryInContainer(ctx: RequestContext, container: string, params: QueryParams): Promise<PagedQueryResult<CustomObject>> {
    return this.repository.query(ctx, params, { sql: IN_CONTAINER[ctx.db.dialect], params: [container] });
  }

  anyMatches(ctx: RequestContext, params: { where: readonly string[]; vars?: PredicateVariables }): Promise<boolean> {
    return this.repository.anyMatches(ctx, params);
  }

  /** Deletes the custom object; with `version`, only at that version. The answer is the deleted object. */
  async delete(ctx: RequestContext, at: CustomObjectAddress, version: number | undefined, expand: readonly string[] = []): Promise<CustomObject> {
    const current = await this.existing(ctx, at);
    return this.repository.delete(ctx, { id: current.id }, version ?? current.version, expand);
  }

  private async find(ctx: RequestContext, at: CustomObjectAddress): Promise<CustomObject | undefined> {
    if ('id' in at) return this.repository.find(ctx, at);
    const text = await ctx.db.value<string>(BY_NAME[ctx.db.dialect], [ctx.projectKey, at.container, at.key]);
    return text === undefined ? undefined : (JSON.parse(text) as CustomObject);
  }

  private async existing(ctx: RequestContext, at: CustomObjectAddress): Promise<CustomObject> {
    const found = await this.find(ctx, at);
    if (found) return found;
    if ('id' in at) throw new ResourceNotFoundError(at.id);
    throw new ResourceNotFoundError(at.key, `The CustomObject with container '${at.container}' and key '${at.key}' was not found.`);
  }

  private async expanded(ctx: RequestContext, doc: CustomObject, expand: readonly string[]): Promise<CustomObject> {
    return expand.length === 0 ? doc : (await expandDocuments(ctx, [doc], expand))[0];
  }
}
