import type { CartDiscountTarget, CartDiscountValue, CartDiscountValueDraft, MoneyDraft, TypedMoney } from '../../../generated/openapi/client/types.gen.js';
import { InvalidFieldError, InvalidOperationError } from '../../errors/api-error.js';
import { customLineItemScope, lineItemScope } from '../../query/cart/cart-predicate-scopes.js';
import { cachedCartPredicate } from '../../query/cart/index.js';
import { moneyFromDraft } from '../../shared/money/money.js';

// A decimal strictly between 0 and 1 without trailing zeros, so equal orders are equal strings.
const SORT_ORDER = /^0\.[0-9]*[1-9]$/;

/** sortOrder: a number between 0 and 1 written as a string ("0.5"), unique among the project's cart discounts. */
export function checkedSortOrder(sortOrder: string): string {
  if (!SORT_ORDER.test(sortOrder)) {
    throw new InvalidFieldError(
      'sortOrder',
      sortOrder,
      undefined,
      `The value "${sortOrder}" is not valid for field sortOrder: it must be a decimal number between 0 and 1 without trailing zeros, such as "0.5".`,
    );
  }
  return sortOrder;
}

/** The stored value of a value draft: absolute and fixed amounts need exactly one amount per currency. */
export function cartDiscountValueFromDraft(draft: CartDiscountValueDraft): CartDiscountValue {
  if (draft.type === 'relative') return { type: 'relative', permyriad: draft.permyriad };
  const money = amountPerCurrency(draft.money, `The ${draft.type} cart discount value`);
  return { type: draft.type, money, ...(draft.applicationMode !== undefined ? { applicationMode: draft.applicationMode } : {}) };
}

/**
 * The amounts of an absolute or fixed discount value (cart or product discount): at least one, and
 * one per currency at most (400 InvalidOperation about `what`, e.g. `The absolute product discount value`).
 */
export function amountPerCurrency(drafts: readonly MoneyDraft[], what: string): TypedMoney[] {
  if (drafts.length === 0) throw new InvalidOperationError(`${what} needs at least one amount.`);
  const money = drafts.map((m, i) => moneyFromDraft(m, `value.money[${i}]`));
  const currencies = money.map((m) => m.currencyCode);
  const duplicate = currencies.find((c, i) => currencies.indexOf(c) !== i);
  if (duplicate) throw new InvalidOperationError(`${what} has more than one amount in currency '${duplicate}'.`);
  return money;
}

/**
 * The target's predicate is checked against the items it names; a fixed price only makes sense for
 * (custom) line items. A discount without a target (gift line items) is not supported.
 */
export function checkTarget(target: CartDiscountTarget, value: CartDiscountValue): CartDiscountTarget {
  if (target.type === 'lineItems') cachedCartPredicate(target.predicate, lineItemScope, 'target.predicate');
  if (target.type === 'customLineItems') cachedCartPredicate(target.predicate, customLineItemScope, 'target.predicate');
  if (value.type === 'fixed' && target.type !== 'lineItems' && target.type !== 'customLineItems') {
    throw new InvalidOperationError(`A fixed cart discount value applies to line items or custom line items only, not to the target '${target.type}'.`);
  }
  return target;
}
