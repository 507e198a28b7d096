import type { Cart, DiscountCode, Reference } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { InvalidOperationError } from '../../errors/api-error.js';
import { normalizeQueryParams } from '../../query/index.js';
import { validAt } from '../../resources/validity-period.js';
import type { DocumentRepository } from '../../resources/document-repository.js';
import { DiscountCodeNonApplicableError } from '../../errors/commerce-errors.js';

export async function findDiscountCode(ctx: RequestContext, codes: DocumentRepository<DiscountCode>, code: string): Promise<DiscountCode | undefined> {
  const page = await codes.query(ctx, normalizeQueryParams({ where: ['code = :code'], vars: { code: [code] }, limit: 1, withTotal: false }));
  return page.results[0];
}

/**
 * addDiscountCode: a code that exists and is within its validity period is added (once); whether
 * it matches the cart is its state, set by the recalculation that follows.
 */
export async function addDiscountCode(ctx: RequestContext, cart: Cart, code: string, codes: DocumentRepository<DiscountCode>): Promise<void> {
  const found = await findDiscountCode(ctx, codes, code);
  if (!found) throw new DiscountCodeNonApplicableError(code, 'DoesNotExist');
  const now = ctx.app.clock.now();
  if (!validAt(found, now)) {
    throw new DiscountCodeNonApplicableError(code, 'TimeRangeNonApplicable', {
      discountCodeId: found.id,
      ...(found.validFrom !== undefined ? { validFrom: found.validFrom } : {}),
      ...(found.validUntil !== undefined ? { validUntil: found.validUntil } : {}),
      validityCheckTime: new Date(now).toISOString(),
    });
  }
  if (cart.discountCodes.some((info) => info.discountCode.id === found.id)) return;
  cart.discountCodes.push({ discountCode: { typeId: 'discount-code', id: found.id }, state: 'MatchesCart' });
}

export function removeDiscountCode(cart: Cart, discountCode: Reference): void {
  const index = cart.discountCodes.findIndex((info) => info.discountCode.id === discountCode.id);
  if (index < 0) throw new InvalidOperationError(`The cart does not contain the discount code '${discountCode.id}'.`);
  cart.discountCodes.splice(index, 1);
}
