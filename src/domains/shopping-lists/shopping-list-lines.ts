import { randomUUID } from 'node:crypto';
import type {
  Product,
  ProductVariant,
  ShoppingList,
  ShoppingListLineItem,
  ShoppingListLineItemDraft,
  TextLineItem,
  TextLineItemDraft,
} from '../../../generated/openapi/client/types.gen.js';
import { isoNow } from '../../shared/clock.js';
import type { RequestContext } from '../../context.js';
import { DuplicateFieldError, InvalidFieldError, InvalidOperationError, RequiredFieldError } from '../../errors/api-error.js';
import { productOfDraft, type ProductLookup, allVariants, findVariant } from '../catalog/index.js';

/** Quantities are GraphQL Ints on the platform. */
const MAX_QUANTITY = 2_147_483_647;

/**
 * The variant a line item draft names: by `variantId`, else by `sku`; none when it names only the
 * product, which then means whatever the master variant is (the platform keeps such an item apart
 * from one naming the master variant's id).
 */
function variantIdOf(product: Product, draft: ShoppingListLineItemDraft): number | undefined {
  const data = product.masterData.current;
  if (draft.variantId !== undefined) return findVariant(data, { variantId: draft.variantId }).id;
  if (draft.sku !== undefined) return findVariant(data, { sku: draft.sku }).id;
  return undefined;
}

function checkedQuantity(quantity: number): number {
  if (quantity > MAX_QUANTITY) throw new InvalidFieldError('quantity', quantity);
  return quantity;
}

/**
 * Adds a line item resolved against the product's current data (name, product type, published
 * state); an item of the same variant (and key) already in the list gets the quantity added.
 */
export async function addLineItem(ctx: RequestContext, list: ShoppingList, draft: ShoppingListLineItemDraft, products: ProductLookup): Promise<void> {
  const product = await productOfDraft(ctx, draft, products);
  const variantId = variantIdOf(product, draft);
  const quantity = draft.quantity ?? 1;
  const same = list.lineItems.find((li) => li.productId === product.id && li.variantId === variantId && li.key === draft.key);
  if (same) {
    same.quantity = checkedQuantity(same.quantity + quantity);
    return;
  }
  if (draft.key !== undefined && list.lineItems.some((li) => li.key === draft.key)) throw new DuplicateFieldError('lineItems.key', draft.key);
  list.lineItems.push({
    id: randomUUID(),
    ...(draft.key !== undefined ? { key: draft.key } : {}),
    productId: product.id,
    name: product.masterData.current.name,
    productType: product.productType,
    ...(variantId !== undefined ? { variantId } : {}),
    quantity,
    addedAt: draft.addedAt ?? isoNow(ctx.app.clock),
    published: product.masterData.published,
  });
}

export function addTextLineItem(ctx: RequestContext, list: ShoppingList, draft: TextLineItemDraft): void {
  if (draft.key !== undefined && list.textLineItems.some((t) => t.key === draft.key)) throw new DuplicateFieldError('textLineItems.key', draft.key);
  list.textLineItems.push({
    id: randomUUID(),
    ...(draft.key !== undefined ? { key: draft.key } : {}),
    name: draft.name,
    ...(draft.description !== undefined ? { description: draft.description } : {}),
    quantity: draft.quantity ?? 1,
    addedAt: draft.addedAt ?? isoNow(ctx.app.clock),
  });
}

type Item = ShoppingListLineItem | TextLineItem;

/** The item an action names by id (else by key); 400 InvalidOperation when the list has none. */
export function findItem<T extends Item>(items: readonly T[], id: string | undefined, key: string | undefined, what: 'lineItem' | 'textLineItem'): T {
  if (id === undefined && key === undefined) throw new RequiredFieldError(`${what}Id`);
  const item = items.find((i) => (id !== undefined ? i.id === id : i.key === key));
  if (!item) throw new InvalidOperationError(`The shopping list has no ${what} with ${id !== undefined ? `id '${id}'` : `key '${key}'`}.`);
  return item;
}

/** The items with `item`'s quantity set; 0 removes it. */
export function withQuantity<T extends Item>(items: readonly T[], item: T, quantity: number): T[] {
  if (quantity === 0) return items.filter((i) => i !== item);
  item.quantity = quantity;
  return [...items];
}

/** The items with `quantity` taken off `item`; without a quantity, or with as much as it has or more, it goes. */
export function withoutQuantity<T extends Item>(items: readonly T[], item: T, quantity: number | undefined): T[] {
  return withQuantity(items, item, quantity === undefined || quantity >= item.quantity ? 0 : item.quantity - quantity);
}

/** The items in the order `ids` gives, which must name every item exactly once. */
export function reordered<T extends Item>(items: readonly T[], ids: readonly string[], field: string): T[] {
  const byId = new Map(items.map((i) => [i.id, i]));
  if (ids.length !== items.length || new Set(ids).size !== ids.length || ids.some((id) => !byId.has(id))) {
    throw new InvalidOperationError(`'${field}' must contain the id of every item of the shopping list exactly once.`);
  }
  return ids.map((id) => byId.get(id)!);
}

/** The variant of the product's current data a line item refers to (its master variant when it names none). */
export function currentVariant(product: Product, item: ShoppingListLineItem): ProductVariant | undefined {
  const data = product.masterData.current;
  return allVariants(data).find((v) => v.id === (item.variantId ?? data.masterVariant.id));
}

export const EXPAND_VARIANT = 'lineItems[*].variant';
export const EXPAND_PRODUCT_SLUG = 'lineItems[*].productSlug';

/**
 * The platform's two expansions of a shopping list's own line items: `lineItems[*].variant` (the
 * variant's current data) and `lineItems[*].productSlug` (the product's current slug). Each product
 * is read once per call; an item whose product or variant is gone stays without.
 */
export async function expandLineItems(
  ctx: RequestContext,
  lists: readonly ShoppingList[],
  paths: readonly string[],
  products: ProductLookup,
): Promise<ShoppingList[]> {
  const wanted = new Set(paths.map((p) => p.trim()));
  const variant = wanted.has(EXPAND_VARIANT);
  const slug = wanted.has(EXPAND_PRODUCT_SLUG);
  if (!variant && !slug) return [...lists];
  const read = new Map<string, Promise<Product | undefined>>();
  const productOf = (id: string) => read.get(id) ?? read.set(id, products.byId(ctx, id)).get(id)!;
  return Promise.all(
    lists.map(async (list) => {
      const copy = structuredClone(list);
      for (const item of copy.lineItems) {
        const product = await productOf(item.productId);
        if (!product) continue;
        const found = variant ? currentVariant(product, item) : undefined;
        if (found) item.variant = structuredClone(found);
        if (slug) item.productSlug = product.masterData.current.slug;
      }
      return copy;
    }),
  );
}
