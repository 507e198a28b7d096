import type { Cart, DiscountCode } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { sql } from '../../db/statements.js';
import { DiscountCodeNonApplicableError } from '../../errors/commerce-errors.js';

/**
 * How often discount codes were applied, as the platform counts it: once per order created from a
 * cart holding the code (an order's cancellation or deletion takes nothing back), in all and per
 * customer. maxApplications limits the first, maxApplicationsPerCustomer the second; a cart without
 * a customer is limited by maxApplications only (the platform does not count anonymous carts per
 * customer). Rows of DiscountCodeApplication: `customerId` '' holds a code's count in all.
 */
const ALL = '';

const COUNTS = sql('SELECT "customerId", "count" FROM "DiscountCodeApplication" WHERE "projectKey" = ? AND "discountCodeId" = ? AND "customerId" IN (?, ?)');
const UPSERT =
  'INSERT INTO "DiscountCodeApplication" ("projectKey", "discountCodeId", "customerId", "count") VALUES (?, ?, ?, 1) ON CONFLICT ("projectKey", "discountCodeId", "customerId") DO UPDATE SET "count" = "DiscountCodeApplication"."count" + 1';
const COUNT = sql(UPSERT);
// The limit is checked on the row as the conflict locks it: two orders racing for the last application cannot both count.
const COUNT_BELOW = sql(`${UPSERT} WHERE "DiscountCodeApplication"."count" < ?`);

/** The code's limit that applies to `customerId` ('' for all), if it has one. */
function limitOf(code: DiscountCode, customerId: string): number | undefined {
  return customerId === ALL ? code.maxApplications : code.maxApplicationsPerCustomer;
}

/** The counters a cart's use of the code goes to: the code's in all, and its customer's. */
function countersOf(cart: Pick<Cart, 'customerId'>): string[] {
  return cart.customerId !== undefined ? [ALL, cart.customerId] : [ALL];
}

/** Whether the code has reached a limit for this cart (its maxApplications, or its customer's maxApplicationsPerCustomer). */
export async function maxApplicationReached(
  ctx: Pick<RequestContext, 'db' | 'projectKey'>,
  code: DiscountCode,
  cart: Pick<Cart, 'customerId'>,
): Promise<boolean> {
  if (code.maxApplications === undefined && (code.maxApplicationsPerCustomer === undefined || cart.customerId === undefined)) return false;
  const rows = await ctx.db.rows<{ customerId: string; count: number | bigint }>(COUNTS[ctx.db.dialect], [
    ctx.projectKey,
    code.id,
    ALL,
    cart.customerId ?? ALL,
  ]);
  const counts = new Map(rows.map((r) => [r.customerId, Number(r.count)]));
  return countersOf(cart).some((customerId) => {
    const limit = limitOf(code, customerId);
    return limit !== undefined && (counts.get(customerId) ?? 0) >= limit;
  });
}

/**
 * Counts one application of each of the cart's codes, in the order-creation transaction `tx`; a
 * code that has reached a limit meanwhile fails the order (400 DiscountCodeNonApplicable), as a
 * cart whose code shows MaxApplicationReached does.
 */
export async function countApplications(tx: RequestContext, cart: Cart, codes: readonly DiscountCode[]): Promise<void> {
  for (const code of codes) {
    for (const customerId of countersOf(cart)) {
      const limit = limitOf(code, customerId);
      const counted =
        limit === undefined
          ? (await tx.db.executeRaw(COUNT[tx.db.dialect], [tx.projectKey, code.id, customerId])) > 0
          : limit > 0 && (await tx.db.executeRaw(COUNT_BELOW[tx.db.dialect], [tx.projectKey, code.id, customerId, limit])) > 0;
      if (!counted) throw new DiscountCodeNonApplicableError(code.id, 'NotApplicable', { discountCodeId: code.id });
    }
  }
}
