import type { BusinessUnit, BusinessUnitDraft, BusinessUnitUpdateAction } from '../../../generated/openapi/client/types.gen.js';
import { assertAssociatePermission } from '../../auth/associate-permissions.js';
import type { RequestContext } from '../../context.js';
import { JsonText } from '../../db/json-text.js';
import { coalescible, readCoalescer } from '../../db/read-coalescer.js';
import { list, sql } from '../../db/statements.js';
import { InvalidOperationError, ReferencedResourceNotFoundError, ResourceNotFoundError } from '../../errors/api-error.js';
import type { PagedQueryResult, PredicateVariables, QueryParams, SqlFragment } from '../../query/index.js';
import { permissionFor } from './business-unit-actions.js';
import { roleKeysOf } from './business-unit-hierarchy.js';
import { rolePermissions } from '../../resources/reference-resolvers.js';
import type { BusinessUnitService, ParentGuard } from './business-unit.service.js';
import type { DocumentAddress } from '../../resources/document-repository.js';
import { checkVersion, notFound } from '../../resources/versioning.js';

// "Is an associate of the unit" is one indexed lookup in BusinessUnitAssociate, joined to the read.
const MEMBER = 'EXISTS (SELECT 1 FROM "BusinessUnitAssociate" m WHERE m."unitId" = b."id" AND m."customerId" = ?)';
const memberRead = (column: 'id' | 'key') =>
  coalescible(sql(`SELECT b.$DATA AS "data" FROM "BusinessUnit" b WHERE b."projectKey" = ? AND b."${column}" = ? AND ${MEMBER}`), (count) =>
    sql(`SELECT b."${column}" AS "v", b.$DATA AS "data" FROM "BusinessUnit" b WHERE b."projectKey" = ? AND b."${column}" IN (${list(count)}) AND ${MEMBER}`),
  );
const BY_ID = memberRead('id');
const BY_KEY = memberRead('key');
const MEMBER_FILTER = sql('"BusinessUnit"."id" IN (SELECT "unitId" FROM "BusinessUnitAssociate" WHERE "projectKey" = ? AND "customerId" = ?)');
const CUSTOMER_EXISTS = sql('SELECT 1 FROM "Customer" WHERE "projectKey" = ? AND "id" = ?');

/**
 * The business units of a customer acting as an Associate (spec "Business units as an Associate"):
 * only units where the customer is an associate, explicitly or by inheritance, exist for it (any
 * other is 404, and queries are filtered in SQL so paging and `total` count only those); updates need
 * the action's permission (403 AssociateMissingPermission otherwise); `Inactive` units are read-only.
 *
 * Creating a Company as an associate (the platform's documentation leaves it open): allowed for an existing customer
 * without a permission check (there is no unit to hold one), the draft taken as given with no
 * automatic membership; any role the draft assigns must be buyerAssignable, as for the associate
 * update actions. A Division needs AddChildUnits in its parent, where the associate must belong.
 */
export class AsAssociateBusinessUnitService {
  constructor(private readonly units: BusinessUnitService) {}

  async getForResponse(ctx: RequestContext, associateId: string, at: DocumentAddress, expand: readonly string[] = []): Promise<BusinessUnit | JsonText> {
    if (expand.length > 0) {
      const doc = await this.units.repository.find(ctx, at);
      if (!doc || !roleKeysOf(doc, associateId)) throw notFound(at);
      return this.units.expand(ctx, doc, expand);
    }
    const text = await this.readText(ctx, associateId, at);
    if (text === undefined) throw notFound(at);
    return new JsonText(text);
  }

  async exists(ctx: RequestContext, associateId: string, at: DocumentAddress): Promise<boolean> {
    return (await this.readText(ctx, associateId, at)) !== undefined;
  }

  query(ctx: RequestContext, associateId: string, params: QueryParams): Promise<PagedQueryResult<BusinessUnit>> {
    return this.units.repository.query(ctx, params, memberFilter(ctx, associateId));
  }

  anyMatches(ctx: RequestContext, associateId: string, params: { where: readonly string[]; vars?: PredicateVariables }): Promise<boolean> {
    return this.units.repository.anyMatches(ctx, params, memberFilter(ctx, associateId));
  }

  async create(ctx: RequestContext, associateId: string, draft: BusinessUnitDraft, expand: readonly string[] = []): Promise<BusinessUnit> {
    const actx = { ...ctx, associateId };
    if (draft.unitType === 'Company') {
      if ((await ctx.db.value(CUSTOMER_EXISTS[ctx.db.dialect], [ctx.projectKey, associateId])) === undefined) throw new ResourceNotFoundError(associateId);
      return this.units.create(actx, draft, expand);
    }
    return this.units.create(actx, draft, expand, childOf(associateId, draft.parentUnit ?? {}));
  }

  update(
    ctx: RequestContext,
    associateId: string,
    at: DocumentAddress,
    update: { version: number; actions: readonly BusinessUnitUpdateAction[] },
    expand: readonly string[] = [],
  ): Promise<BusinessUnit> {
    return this.units.update({ ...ctx, associateId }, at, update, expand, (tx, current) => this.assertMayApply(tx, associateId, at, current, update.actions));
  }

  /**
   * What `update` checks before it applies `update`, for a caller that must know before it does
   * something costly (My Business Units' new associate: a customer and its password hash). `update`
   * checks again, inside its transaction.
   */
  async assertMayUpdate(
    ctx: RequestContext,
    associateId: string,
    at: DocumentAddress,
    update: { version: number; actions: readonly BusinessUnitUpdateAction[] },
  ): Promise<void> {
    const current = await this.units.repository.find(ctx, at);
    if (!current) throw notFound(at);
    await this.assertMayApply(ctx, associateId, at, current, update.actions);
    checkVersion(current.id, update.version, current.version);
  }

  /** Membership (404 otherwise), an Active unit, and each action's permission (403 AssociateMissingPermission). */
  private async assertMayApply(
    tx: RequestContext,
    associateId: string,
    at: DocumentAddress,
    current: BusinessUnit,
    actions: readonly BusinessUnitUpdateAction[],
  ): Promise<void> {
    const roleKeys = roleKeysOf(current, associateId);
    if (!roleKeys) throw notFound(at);
    if (current.status === 'Inactive') {
      throw new InvalidOperationError(`The business unit '${current.key}' is Inactive: it can be changed only through the general business unit endpoints.`);
    }
    const held = await rolePermissions(tx, roleKeys);
    for (const action of actions) assertAssociatePermission(held, associateId, current.key, action.action, [permissionFor(action.action)]);
    for (const action of actions) {
      if (action.action === 'changeParentUnit') await this.assertMayAddChild(tx, associateId, action.parentUnit);
    }
  }

  /** changeParentUnit also needs AddChildUnits in the new parent. */
  private async assertMayAddChild(tx: RequestContext, associateId: string, ref: { id?: string; key?: string }): Promise<void> {
    const parent =
      ref.id !== undefined
        ? await this.units.repository.find(tx, { id: ref.id })
        : ref.key !== undefined
          ? await this.units.repository.find(tx, { key: ref.key })
          : undefined;
    if (!parent) return; // the action itself answers ReferencedResourceNotFound
    const roleKeys = roleKeysOf(parent, associateId) ?? [];
    assertAssociatePermission(await rolePermissions(tx, roleKeys), associateId, parent.key, 'add child units', ['AddChildUnits']);
  }

  private readText(ctx: RequestContext, associateId: string, at: DocumentAddress): Promise<string | undefined> {
    const [read, value] = 'id' in at ? [BY_ID, at.id] : [BY_KEY, at.key];
    // On SQLite, from memory while nothing was committed since (see committed-read-cache.ts): a
    // change of the unit, its associates or their roles is a commit and empties the cache.
    if (ctx.db.cachedText) {
      const column = 'id' in at ? 'id' : 'key';
      return ctx.db.cachedText(`as-associate\u0000${column}\u0000${ctx.projectKey}\u0000${associateId}\u0000${value}`, read.one.sqlite, [
        ctx.projectKey,
        value,
        associateId,
      ]);
    }
    return readCoalescer.read(ctx.db, read, [ctx.projectKey], value, [associateId]);
  }
}

/**
 * The check before a Division is created by an associate: AddChildUnits in its parent, which must be
 * one of the associate's units (a parent it does not belong to is as invisible as on the GET endpoints).
 */
export function childOf(associateId: string, parentRef: { id?: string; key?: string }): ParentGuard {
  return async (tx, parent) => {
    const roleKeys = roleKeysOf(parent, associateId);
    if (!roleKeys) throw new ReferencedResourceNotFoundError('business-unit', parentRef.id !== undefined ? { id: parentRef.id } : { key: parentRef.key });
    assertAssociatePermission(await rolePermissions(tx, roleKeys), associateId, parent.key, 'create child units', ['AddChildUnits']);
  };
}

function memberFilter(ctx: RequestContext, associateId: string): SqlFragment {
  return { sql: MEMBER_FILTER[ctx.db.dialect], params: [ctx.projectKey, associateId] };
}
