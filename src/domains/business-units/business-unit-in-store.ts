import type { BusinessUnit, BusinessUnitDraft, BusinessUnitUpdateAction } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import type { JsonText } from '../../db/json-text.js';
import { InvalidOperationError } from '../../errors/api-error.js';
import type { PagedQueryResult, PredicateVariables, QueryParams } from '../../query/index.js';
import type { DocumentResource } from '../../resources/document-service.js';
import type { DocumentAddress } from '../../resources/document-repository.js';
import { fencedWrites } from '../../resources/views/fenced-writes.js';
import { notFound } from '../../resources/versioning.js';

type Update = { version: number; actions: readonly BusinessUnitUpdateAction[] };

/** The variable the store condition binds (it overrides a caller's `var.inStoreKey`, which could only bind the same value). */
const STORE_VAR = 'inStoreKey';
const IN_STORE = `stores(key = :${STORE_VAR}) or inheritedStores(key = :${STORE_VAR})`;

function storeOf(ctx: RequestContext): string {
  if (ctx.storeKey === undefined) throw new Error('an in-store business unit operation without a store key in its path');
  return ctx.storeKey;
}

/** Whether the unit is one of the store's: its own stores (Explicit) or those it inherits (FromParent). */
export function inStore(unit: BusinessUnit, storeKey: string): boolean {
  return (unit.storeMode === 'Explicit' ? unit.stores : unit.inheritedStores)?.some((s) => s.key === storeKey) ?? false;
}

/**
 * The business units of one store (`/{projectKey}/in-store/key={storeKey}/business-units…`, the
 * platform's store-based data fencing for B2B), for the standard route factory: a unit is the store's
 * when its stores, own or inherited, include it; any other is 404 here and missing from queries (the
 * condition is a predicate on `stores` and `inheritedStores`, evaluated in SQL with the caller's, so
 * paging and `total` count only the store's units). The store's scopes
 * (`view_business_units:{projectKey}:{storeKey}`, `manage_business_units:…`) are enough.
 *
 * A unit created here must belong to the store: a Company (or an Explicit Division) given no `stores`
 * gets the store, one given other stores is refused, and a FromParent Division must inherit it
 * (400 InvalidOperation). Whether an update or a deletion may proceed is decided on the unit as it was.
 */
/** What the in-store view needs from the business unit service: a create that lets it check the parent, and expansion. */
interface UnitsPort extends Omit<DocumentResource<BusinessUnit, BusinessUnitDraft, BusinessUnitUpdateAction>, 'create'> {
  create(
    ctx: RequestContext,
    draft: BusinessUnitDraft,
    expand: readonly string[] | undefined,
    parentGuard: (tx: RequestContext, parent: BusinessUnit) => Promise<void>,
  ): Promise<BusinessUnit>;
  expand(ctx: RequestContext, doc: BusinessUnit, expand: readonly string[]): Promise<BusinessUnit> | BusinessUnit;
}

export function businessUnitsInStore(units: UnitsPort) {
  const ownUnit = async (ctx: RequestContext, at: DocumentAddress): Promise<BusinessUnit> => {
    const unit = await units.repository.find(ctx, at);
    if (!unit || !inStore(unit, storeOf(ctx))) throw notFound(at);
    return unit;
  };
  const withStore = <P extends { where: readonly string[]; vars?: PredicateVariables }>(ctx: RequestContext, params: P): P => ({
    ...params,
    where: [...params.where, IN_STORE],
    vars: { ...params.vars, [STORE_VAR]: [storeOf(ctx)] },
  });
  return {
    async create(ctx: RequestContext, draft: BusinessUnitDraft, expand?: readonly string[]): Promise<BusinessUnit> {
      const storeKey = storeOf(ctx);
      const explicit = draft.storeMode === 'Explicit' || draft.unitType === 'Company' || draft.stores !== undefined;
      const stores = explicit && draft.stores === undefined ? [{ typeId: 'store', key: storeKey }] : draft.stores;
      if (explicit && !stores!.some((s) => s.key === storeKey)) {
        throw new InvalidOperationError(`A business unit created in the store '${storeKey}' must have it among its stores.`);
      }
      return units.create(ctx, { ...draft, ...(stores ? { stores } : {}) }, expand, async (_tx, parent) => {
        const inherited = parent.storeMode === 'Explicit' ? parent.stores : parent.inheritedStores;
        if (!explicit && !inherited?.some((s) => s.key === storeKey)) {
          throw new InvalidOperationError(
            `A business unit created in the store '${storeKey}' must inherit it from its parent, or name it among its own stores.`,
          );
        }
      });
    },
    async getForResponse(ctx: RequestContext, at: DocumentAddress, expand?: readonly string[]): Promise<BusinessUnit | JsonText> {
      const unit = await ownUnit(ctx, at);
      return expand?.length ? units.expand(ctx, unit, expand) : unit;
    },
    async exists(ctx: RequestContext, at: DocumentAddress): Promise<boolean> {
      const unit = await units.repository.find(ctx, at);
      return unit !== undefined && inStore(unit, storeOf(ctx));
    },
    query(ctx: RequestContext, params: QueryParams): Promise<PagedQueryResult<BusinessUnit>> {
      return units.query(ctx, withStore(ctx, params));
    },
    anyMatches(ctx: RequestContext, params: { where: readonly string[]; vars?: PredicateVariables }): Promise<boolean> {
      return units.anyMatches(ctx, withStore(ctx, params));
    },
    ...fencedWrites<BusinessUnit, Update>(ownUnit, units),
  };
}
