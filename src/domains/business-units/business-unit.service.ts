import type { BusinessUnit, BusinessUnitAssociateResponse, BusinessUnitDraft, BusinessUnitUpdateAction } from '../../../generated/openapi/client/types.gen.js';
import { businessUnitsInStore, inStore } from './business-unit-in-store.js';
import { withTransaction, type RequestContext } from '../../context.js';
import { list, sql } from '../../db/statements.js';
import {
  InvalidFieldError,
  InvalidOperationError,
  ReferenceExistsError,
  ReferencedResourceNotFoundError,
  RequiredFieldError,
  ResourceNotFoundError,
} from '../../errors/api-error.js';
import { businessUnitActions } from './business-unit-actions.js';
import { addressIds, newAddresses } from '../customers/index.js';
import { deriveFromParent, derivedState, inheritableState, MAX_DEPTH, memberIds, unitRef } from './business-unit-hierarchy.js';
import { resolveAssociates, resolveStores, rolesByKeys } from '../../resources/reference-resolvers.js';
import { customFieldsFromDraft } from '../types/index.js';
import { DocumentRepository, type DocumentAddress, type NewDocument } from '../../resources/document-repository.js';
import { DocumentService } from '../../resources/document-service.js';
import { expandDocuments } from '../../resources/expansion.js';
import { businessUnitResource } from '../../resources/queryable-resources.js';
import { applyUpdateActions } from '../../resources/update-actions.js';
import { checkVersion, notFound } from '../../resources/versioning.js';
import { identifierAddress, identified } from '../../resources/resource-identifiers.js';
import { firstReferrer, type Referrer } from '../../resources/referrers.js';
import { referencedAs } from '../../resources/referenced-delete.js';

const CHILDREN = sql('SELECT $DATA AS "data" FROM "BusinessUnit" WHERE "projectKey" = ? AND "parentKey" = ?');
const DELETE_MEMBERS = sql('DELETE FROM "BusinessUnitAssociate" WHERE "unitId" = ?');
const UNITS_OF_MEMBER = sql('SELECT "unitId" FROM "BusinessUnitAssociate" WHERE "projectKey" = ? AND "customerId" = ?');
const DELETE_MEMBER = sql('DELETE FROM "BusinessUnitAssociate" WHERE "projectKey" = ? AND "customerId" = ?');
/**
 * The parent a child derives from, read under a row lock on PostgreSQL: a concurrent update of the
 * parent then either finishes first (and this read sees it) or waits for this transaction (and its
 * re-derivation of the children sees this one). SQLite transactions are serialized already.
 */
const LOCKED_BY_KEY = sql('SELECT $DATA AS "data" FROM "BusinessUnit" WHERE "projectKey" = ? AND "key" = ?');
const LOCKED = { sqlite: LOCKED_BY_KEY.sqlite, postgresql: `${LOCKED_BY_KEY.postgresql} FOR UPDATE` };

/** Runs before a write with the unit as stored (e.g. the as-associate permission check). */
export type UnitGuard = (tx: RequestContext, current: BusinessUnit) => Promise<void>;
/** Runs before a Division is created, with its parent unit. */
export type ParentGuard = (tx: RequestContext, parent: BusinessUnit) => Promise<void>;

/**
 * Business units (as the platform documents them): Companies and their Divisions, at most five levels deep. Every
 * write runs in one transaction that also re-derives what descendants inherit (associates, stores,
 * top-level unit) and keeps BusinessUnitAssociate, the membership table the as-associate endpoints
 * filter on, in step with each unit's explicit and inherited associates.
 */
export class BusinessUnitService extends DocumentService<BusinessUnit, BusinessUnitDraft, BusinessUnitUpdateAction> {
  readonly repository = new DocumentRepository<BusinessUnit>({
    resource: businessUnitResource,
    extraColumns: {
      names: ['parentKey', 'topLevelKey'],
      values: (doc) => ({ parentKey: doc.parentUnit?.key ?? null, topLevelKey: doc.topLevelUnit.key }),
    },
  });
  protected readonly actions = businessUnitActions;
  /** The units of one store (`/in-store/key={storeKey}/business-units`). */
  readonly inStore = businessUnitsInStore(this);

  /** `referrers`: its child units and the carts, orders and shopping lists it owns, which keep it from being deleted (400 ReferenceExists). */
  constructor(private readonly referrers: readonly Referrer[]) {
    super();
  }

  override create(ctx: RequestContext, draft: BusinessUnitDraft, expand: readonly string[] = [], parentGuard?: ParentGuard): Promise<BusinessUnit> {
    return withTransaction(ctx, async (tx) => {
      const parent = await this.parentOf(tx, draft);
      if (parent && parentGuard) await parentGuard(tx, parent);
      const fields = await this.fromDraft(tx, draft, parent);
      const doc = await this.repository.create(tx, fields);
      await this.syncMembers(tx, doc.id, [], memberIds(doc));
      return this.expand(tx, doc, expand);
    });
  }

  protected async fromDraft(ctx: RequestContext, draft: BusinessUnitDraft, parent?: BusinessUnit): Promise<NewDocument<BusinessUnit>> {
    const company = draft.unitType === 'Company';
    const defaultMode = company ? 'Explicit' : 'ExplicitAndFromParent';
    const storeMode = draft.storeMode ?? (company || draft.stores !== undefined ? 'Explicit' : 'FromParent');
    if (company) {
      for (const field of ['storeMode', 'associateMode', 'approvalRuleMode'] as const) {
        if (draft[field] !== undefined && draft[field] !== 'Explicit') throw new InvalidFieldError(field, draft[field], ['Explicit']);
      }
    }
    if (storeMode === 'FromParent' && draft.stores?.length) throw new InvalidOperationError("Stores cannot be given with storeMode 'FromParent'.");
    const addresses = await newAddresses(ctx, draft.addresses ?? []);
    const custom = await customFieldsFromDraft(ctx, 'business-unit', draft.custom);
    const doc = {
      key: draft.key,
      status: draft.status ?? 'Active',
      ...(storeMode === 'Explicit' ? { stores: await resolveStores(ctx, draft.stores ?? []) } : {}),
      storeMode,
      unitType: draft.unitType,
      name: draft.name,
      ...(draft.contactEmail !== undefined ? { contactEmail: draft.contactEmail } : {}),
      ...(custom ? { custom } : {}),
      addresses,
      ...addressIds(draft, addresses),
      associateMode: draft.associateMode ?? defaultMode,
      associates: await resolveAssociates(ctx, draft.associates ?? []),
      inheritedAssociates: [],
      ...(parent ? { parentUnit: unitRef(parent.key) } : {}),
      topLevelUnit: unitRef(draft.key),
      approvalRuleMode: draft.approvalRuleMode ?? defaultMode,
    };
    deriveFromParent(doc, parent);
    return doc;
  }

  /** The parent a draft names: required for a Division (at most at level 4), refused for a Company. */
  private async parentOf(ctx: RequestContext, draft: BusinessUnitDraft): Promise<BusinessUnit | undefined> {
    if (draft.unitType === 'Company') {
      if (draft.parentUnit !== undefined) throw new InvalidOperationError('A Company cannot have a parent unit.');
      return undefined;
    }
    if (draft.parentUnit === undefined) throw new RequiredFieldError('parentUnit');
    const ref = draft.parentUnit;
    const at = identifierAddress(ref, 'business-unit', 'parentUnit');
    const key = 'id' in at ? identified(ref, 'business-unit', await this.repository.find(ctx, at)).key : at.key;
    // The parent is read again under its lock: the unit it names must still be there when it is written.
    const parent = identified(ref, 'business-unit', await this.lockedParent(ctx, key));
    if ((await this.ancestorKeys(ctx, parent)).length + 2 > MAX_DEPTH) {
      throw new InvalidOperationError(`A business unit hierarchy can have at most ${MAX_DEPTH} levels.`);
    }
    return parent;
  }

  /**
   * Applies the actions all-or-nothing at the expected version. `guard` sees the stored unit first (so
   * an associate without access gets 404/403 before any version check).
   */
  override update(
    ctx: RequestContext,
    at: DocumentAddress,
    update: { version: number; actions: readonly BusinessUnitUpdateAction[] },
    expand: readonly string[] = [],
    guard?: UnitGuard,
  ): Promise<BusinessUnit> {
    return withTransaction(ctx, async (tx) => {
      const current = await this.repository.find(tx, at);
      if (!current) throw notFound(at);
      if (guard) await guard(tx, current);
      checkVersion(current.id, update.version, current.version);
      const { doc, changed } = await applyUpdateActions(tx, current, update.actions, this.actions);
      if (!changed) return this.expand(tx, current, expand);
      // What a unit derives depends only on its parent and its two modes: other actions need no parent read.
      const moved = doc.parentUnit?.key !== current.parentUnit?.key;
      let depth: number | undefined;
      if (moved || doc.associateMode !== current.associateMode || doc.storeMode !== current.storeMode) {
        const parent = doc.parentUnit ? await this.lockedParent(tx, doc.parentUnit.key) : undefined;
        if (moved && !parent) throw new ReferencedResourceNotFoundError('business-unit', { key: doc.parentUnit!.key });
        if (moved) depth = await this.depthUnder(tx, doc, parent!);
        deriveFromParent(doc, parent);
      }
      await this.repository.replace(tx, current, doc);
      await this.syncMembers(tx, doc.id, memberIds(current), memberIds(doc));
      if (moved || inheritableState(doc) !== inheritableState(current)) await this.propagate(tx, doc, depth);
      return this.expand(tx, doc, expand);
    });
  }

  /**
   * BusinessUnitAssociateResponse: the roles `customerId` holds in the unit, explicitly and
   * by inheritance, and the union of their permissions; 404 if the customer is no associate there.
   */
  /** The associate's roles and permissions in the unit; on an in-store request the unit must be one of the store's (else 404). */
  async associate(ctx: RequestContext, at: DocumentAddress, customerId: string): Promise<BusinessUnitAssociateResponse> {
    const unit = await this.get(ctx, at);
    if (ctx.storeKey !== undefined && !inStore(unit, ctx.storeKey)) throw notFound(at);
    const keysIn = (entries: readonly { customer: { id: string }; associateRoleAssignments: readonly { associateRole: { key: string } }[] }[]) =>
      entries.find((a) => a.customer.id === customerId)?.associateRoleAssignments.map((a) => a.associateRole.key);
    const explicit = keysIn(unit.associates);
    const inherited = keysIn(unit.inheritedAssociates ?? []);
    if (!explicit && !inherited)
      throw new ResourceNotFoundError(customerId, `The customer '${customerId}' is not an associate of business unit '${unit.key}'.`);
    const roles = await rolesByKeys(ctx, [...new Set([...(explicit ?? []), ...(inherited ?? [])])]);
    const inOrder = (keys: readonly string[] = []) => [...new Set(keys)].flatMap((key) => roles.filter((r) => r.key === key));
    return {
      customer: { typeId: 'customer', id: customerId },
      associateRoles: inOrder(explicit),
      inheritedAssociateRoles: inOrder(inherited),
      permissions: [...new Set(roles.flatMap((r) => r.permissions))],
    };
  }

  /** Refuses deleting a unit that still has child units (they would lose their parent) or owns carts, orders or shopping lists (REFERRERS). */
  override delete(ctx: RequestContext, at: DocumentAddress, version: number, expand: readonly string[] = []): Promise<BusinessUnit> {
    return withTransaction(ctx, async (tx) => {
      const current = await this.repository.versioned(tx, at, version);
      const by = await firstReferrer(tx, this.referrers, referencedAs(current));
      if (by) throw new ReferenceExistsError(`Can not delete a business-unit while it is referenced by at least one ${by}.`, by);
      const deleted = await this.repository.delete(tx, { id: current.id }, version, expand);
      await tx.db.executeRaw(DELETE_MEMBERS[tx.db.dialect], [current.id]);
      return deleted;
    });
  }

  /**
   * A deleted customer stops being an associate everywhere, in the deletion's transaction: it leaves
   * every unit's `associates` (a new version of each unit, as removeAssociate makes), what their
   * descendants inherit from them, and the membership rows.
   */
  async removeAssociateEverywhere(tx: RequestContext, customerId: string): Promise<void> {
    const rows = await tx.db.rows<{ unitId: string }>(UNITS_OF_MEMBER[tx.db.dialect], [tx.projectKey, customerId]);
    for (const { unitId } of rows) {
      // Read now, not from the list: leaving an ancestor may have re-derived this unit already.
      const current = await this.repository.find(tx, { id: unitId });
      if (!current?.associates.some((a) => a.customer.id === customerId)) continue;
      const doc = { ...structuredClone(current), associates: current.associates.filter((a) => a.customer.id !== customerId) };
      await this.repository.replace(tx, current, doc);
      await this.syncMembers(tx, doc.id, memberIds(current), memberIds(doc));
      if (inheritableState(doc) !== inheritableState(current)) await this.propagate(tx, doc);
    }
    await tx.db.executeRaw(DELETE_MEMBER[tx.db.dialect], [tx.projectKey, customerId]);
  }

  private async lockedParent(ctx: RequestContext, key: string): Promise<BusinessUnit | undefined> {
    const text = await ctx.db.value<string>(LOCKED[ctx.db.dialect], [ctx.projectKey, key]);
    return text === undefined ? undefined : (JSON.parse(text) as BusinessUnit);
  }

  /** Keys of the unit's ancestors, nearest first (at most four reads: the hierarchy is five levels deep). */
  async ancestorKeys(ctx: RequestContext, unit: BusinessUnit): Promise<string[]> {
    const keys: string[] = [];
    let next = unit.parentUnit?.key;
    while (next !== undefined && keys.length < MAX_DEPTH) {
      keys.push(next);
      next = (await this.repository.find(ctx, { key: next }))?.parentUnit?.key;
    }
    return keys;
  }

  /** The level `unit` gets under its new `parent`; refuses a move into its own subtree. */
  private async depthUnder(ctx: RequestContext, unit: BusinessUnit, parent: BusinessUnit): Promise<number> {
    const above = await this.ancestorKeys(ctx, parent);
    if (parent.key === unit.key || above.includes(unit.key)) {
      throw new InvalidOperationError(`The business unit '${parent.key}' is below '${unit.key}' and cannot become its parent unit.`);
    }
    const depth = above.length + 2;
    if (depth > MAX_DEPTH) throw new InvalidOperationError(`A business unit hierarchy can have at most ${MAX_DEPTH} levels.`);
    return depth;
  }

  /**
   * Re-derives the children of `parent` (and theirs, while something changes) in the same
   * transaction. A child whose derived fields change gets a new version, as a platform background
   * update would. With `depth` (after a move) the whole subtree is walked to check the level limit.
   */
  private async propagate(tx: RequestContext, parent: BusinessUnit, depth?: number): Promise<void> {
    const rows = await tx.db.rows<{ data: string }>(CHILDREN[tx.db.dialect], [tx.projectKey, parent.key]);
    for (const row of rows) {
      if (depth !== undefined && depth + 1 > MAX_DEPTH) throw new InvalidOperationError(`A business unit hierarchy can have at most ${MAX_DEPTH} levels.`);
      const child = JSON.parse(row.data) as BusinessUnit;
      const next = structuredClone(child);
      deriveFromParent(next, parent);
      const changed = derivedState(next) !== derivedState(child);
      if (changed) {
        await this.repository.replace(tx, child, next);
        await this.syncMembers(tx, next.id, memberIds(child), memberIds(next));
      }
      if (changed || depth !== undefined) await this.propagate(tx, next, depth === undefined ? undefined : depth + 1);
    }
  }

  /** Brings the unit's BusinessUnitAssociate rows from `before` to `after` (customer ids). */
  private async syncMembers(tx: RequestContext, unitId: string, before: readonly string[], after: readonly string[]): Promise<void> {
    const removed = before.filter((id) => !after.includes(id));
    const added = after.filter((id) => !before.includes(id));
    if (removed.length > 0) {
      const statement = sql(`DELETE FROM "BusinessUnitAssociate" WHERE "unitId" = ? AND "customerId" IN (${list(removed.length)})`);
      await tx.db.executeRaw(statement[tx.db.dialect], [unitId, ...removed]);
    }
    for (let i = 0; i < added.length; i += 200) {
      const chunk = added.slice(i, i + 200);
      const statement = sql(`INSERT INTO "BusinessUnitAssociate" ("projectKey", "unitId", "customerId") VALUES ${chunk.map(() => '(?, ?, ?)').join(', ')}`);
      await tx.db.executeRaw(
        statement[tx.db.dialect],
        chunk.flatMap((customerId) => [tx.projectKey, unitId, customerId]),
      );
    }
  }

  expand(ctx: RequestContext, doc: BusinessUnit, expand: readonly string[]): Promise<BusinessUnit> | BusinessUnit {
    if (expand.length === 0) return doc;
    return expandDocuments(ctx, [doc], expand).then(([expanded]) => expanded!);
  }
}
