import type { DiscountGroup } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { sql } from '../../db/statements.js';
import { lockUntilCommit } from '../../db/transaction-lock.js';
import { DuplicateFieldError } from '../../errors/api-error.js';
import { DocumentRepository } from '../../resources/document-repository.js';
import { discountGroupResource } from '../../resources/queryable-resources.js';

/**
 * The stored discount groups, shared by their service and by the cart discounts that join them; the
 * database keeps a group's key and sort order unique among the groups.
 */
export const discountGroupRepository = new DocumentRepository<DiscountGroup>({
  resource: discountGroupResource,
  extraColumns: { names: ['sortOrder'], values: (doc) => ({ sortOrder: doc.sortOrder }) },
  uniqueRules: (doc) => [{ model: 'DiscountGroup', fields: ['projectKey', 'sortOrder'], error: () => new DuplicateFieldError('sortOrder', doc.sortOrder) }],
});

const GROUP_WITH_SORT_ORDER = sql('SELECT "id" FROM "DiscountGroup" WHERE "projectKey" = ? AND "sortOrder" = ?');
// The column holds the sort order of the discounts outside groups only (null inside one).
const DISCOUNT_WITH_SORT_ORDER = sql('SELECT "id" FROM "CartDiscount" WHERE "projectKey" = ? AND "sortOrder" = ?');
const GROUPS = sql('SELECT $DATA AS "data" FROM "DiscountGroup" WHERE "projectKey" = ?');

/**
 * A sort order is unique among the cart discounts outside groups and the discount groups together.
 * Each table's unique index keeps it so within the table; across them, a new value is checked here
 * (400 DuplicateField), in the writer's transaction, after the project's sort order lock: of a group
 * and a discount given the same new sort order at once, the second sees the first's row.
 */
export async function assertSortOrderFree(ctx: Pick<RequestContext, 'db' | 'projectKey'>, sortOrder: string, among: 'groups' | 'discounts'): Promise<void> {
  await lockUntilCommit(ctx.db, `discount-sort-orders:${ctx.projectKey}`);
  const statement = among === 'groups' ? GROUP_WITH_SORT_ORDER : DISCOUNT_WITH_SORT_ORDER;
  const taken = await ctx.db.rows<{ id: string }>(statement[ctx.db.dialect], [ctx.projectKey, sortOrder]);
  if (taken.length > 0) throw new DuplicateFieldError('sortOrder', sortOrder);
}

/** The ids of the project's inactive discount groups (a project has at most a hundred groups). */
export async function inactiveDiscountGroups(ctx: Pick<RequestContext, 'db' | 'projectKey'>): Promise<Set<string>> {
  const rows = await ctx.db.rows<{ data: string }>(GROUPS[ctx.db.dialect], [ctx.projectKey]);
  return new Set(
    rows
      .map((row) => JSON.parse(row.data) as DiscountGroup)
      .filter((group) => !group.isActive)
      .map((group) => group.id),
  );
}
