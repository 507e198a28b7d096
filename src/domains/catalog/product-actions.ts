import type { ProductData, ProductUpdateAction, Product } from '../../../generated/openapi/client/types.gen.js';
import { InvalidOperationError } from '../../errors/api-error.js';
import { categoryRepository } from './category-repository.js';
import { checkVariantPrices, externalDiscountedPrice, priceFromDraft } from './prices.js';
import { allVariants, checkVariantIdentifiers, findVariant, pricesFromDrafts, variantFromDraft } from './product-variants.js';
import { taxCategoryRepository } from '../shipping/index.js';
import { resolveIdentifier, resolveReference } from '../../resources/resource-identifiers.js';
import { type ActionHandlers, setOptional } from '../../resources/update-actions.js';
import { attributeDefinitions } from './attribute-values.js';
import { transition } from '../states/index.js';

type Data = ProductData;

/**
 * Runs `change` on the staged data, or with `staged: false` on the current data too (the platform's
 * default is staged), then keeps `hasStagedChanges` true to what differs.
 */
async function onData(doc: Product, staged: boolean | undefined, change: (data: Data) => void | Promise<void>): Promise<void> {
  const targets = staged === false ? [doc.masterData.current, doc.masterData.staged] : [doc.masterData.staged];
  for (const data of targets) {
    await change(data);
    checkVariantIdentifiers(data);
  }
  refreshStagedFlag(doc);
}

export function refreshStagedFlag(doc: Product): void {
  doc.masterData.hasStagedChanges = JSON.stringify(doc.masterData.current) !== JSON.stringify(doc.masterData.staged);
}

function findPrice(data: Data, priceId: string) {
  for (const variant of allVariants(data)) {
    const index = variant.prices.findIndex((p) => p.id === priceId);
    if (index >= 0) return { variant, index };
  }
  throw new InvalidOperationError(`The product has no price with id '${priceId}'.`);
}

function inCategory(data: Data, categoryId: string): boolean {
  return data.categories.some((c) => c.id === categoryId);
}

function notInCategory(categoryId: string): InvalidOperationError {
  return new InvalidOperationError(`The product is not in the category '${categoryId}'.`);
}

function nextVariantId(doc: Product): number {
  return Math.max(...[doc.masterData.current, doc.masterData.staged].flatMap((d) => allVariants(d).map((v) => v.id))) + 1;
}

/** The product update actions: each works on the staged data unless `staged: false` (then on both). */
export const productActions: ActionHandlers<Product, ProductUpdateAction> = {
  addVariant: async (doc, a, ctx) => {
    const variant = await variantFromDraft(ctx, a, nextVariantId(doc), 'variant', await attributeDefinitions(ctx, doc.productType.id));
    await onData(doc, a.staged, (data) => void data.variants.push(structuredClone(variant)));
  },
  removeVariant: (doc, a) =>
    onData(doc, a.staged, (data) => {
      const variant = findVariant(data, { variantId: a.id, sku: a.sku });
      if (variant.id === data.masterVariant.id) throw new InvalidOperationError('The master variant cannot be removed.');
      data.variants = data.variants.filter((v) => v.id !== variant.id);
    }),
  addPrice: async (doc, a, ctx) => {
    const price = await priceFromDraft(ctx, a.price);
    await onData(doc, a.staged, (data) => {
      const variant = findVariant(data, { variantId: a.variantId, sku: a.sku });
      variant.prices.push(structuredClone(price));
      checkVariantPrices(variant.prices);
    });
  },
  changePrice: async (doc, a, ctx) => {
    const price = await priceFromDraft(ctx, a.price, 'price', a.priceId);
    await onData(doc, a.staged, (data) => {
      const { variant, index } = findPrice(data, a.priceId);
      variant.prices[index] = structuredClone(price);
      checkVariantPrices(variant.prices);
    });
  },
  setPriceMode: (doc, a) => setOptional(doc, 'priceMode', a.priceMode),
  setDiscountedPrice: async (doc, a, ctx) => {
    await onData(doc, a.staged, async (data) => {
      const { variant, index } = findPrice(data, a.priceId);
      const price = variant.prices[index];
      if (a.discounted) price.discounted = await externalDiscountedPrice(ctx, a.discounted, 'discounted', price.value.currencyCode);
      else delete price.discounted;
    });
  },
  removePrice: (doc, a) =>
    onData(doc, a.staged, (data) => {
      const { variant, index } = findPrice(data, a.priceId);
      variant.prices.splice(index, 1);
    }),
  setPrices: async (doc, a, ctx) => {
    const prices = await pricesFromDrafts(ctx, a.prices, 'prices');
    await onData(doc, a.staged, (data) => void (findVariant(data, { variantId: a.variantId, sku: a.sku }).prices = structuredClone(prices)));
  },
  setSku: (doc, a) =>
    onData(doc, a.staged, (data) => {
      const variant = findVariant(data, { variantId: a.variantId });
      if (a.sku !== undefined) variant.sku = a.sku;
      else delete variant.sku;
    }),
  setKey: (doc, a) => setOptional(doc, 'key', a.key),
  changeName: (doc, a) => onData(doc, a.staged, (data) => void (data.name = a.name)),
  setTaxCategory: async (doc, a, ctx) => {
    if (a.taxCategory) doc.taxCategory = await resolveReference(ctx, taxCategoryRepository, a.taxCategory, 'taxCategory');
    else delete doc.taxCategory;
  },
  addToCategory: async (doc, a, ctx) => {
    const { id } = await resolveIdentifier(ctx, categoryRepository, a.category, 'category');
    await onData(doc, a.staged, (data) => {
      if (inCategory(data, id)) throw new InvalidOperationError(`The product is already in the category '${id}'.`);
      data.categories.push({ typeId: 'category', id });
      if (a.orderHint !== undefined) data.categoryOrderHints = { ...data.categoryOrderHints, [id]: a.orderHint };
    });
  },
  removeFromCategory: async (doc, a, ctx) => {
    const { id } = await resolveIdentifier(ctx, categoryRepository, a.category, 'category');
    await onData(doc, a.staged, (data) => {
      if (!inCategory(data, id)) throw notInCategory(id);
      data.categories = data.categories.filter((c) => c.id !== id);
      delete data.categoryOrderHints?.[id];
    });
  },
  transitionState: async (doc, a, ctx) => {
    // No state named: nothing to move to (the platform's action names one in practice).
    if (a.state) doc.state = await transition(ctx, doc.state, a.state, 'ProductState', a.force);
  },
  setCategoryOrderHint: (doc, a) =>
    onData(doc, a.staged, (data) => {
      if (!inCategory(data, a.categoryId)) throw notInCategory(a.categoryId);
      const hints = { ...data.categoryOrderHints };
      if (a.orderHint !== undefined) hints[a.categoryId] = a.orderHint;
      else delete hints[a.categoryId];
      data.categoryOrderHints = hints;
    }),
  publish: (doc, a) => {
    const { current, staged } = doc.masterData;
    if (a.scope === 'Prices') {
      for (const variant of allVariants(current)) {
        const source = allVariants(staged).find((v) => v.id === variant.id);
        if (source) variant.prices = structuredClone(source.prices);
      }
    } else {
      doc.masterData.current = structuredClone(staged);
    }
    doc.masterData.published = true;
    refreshStagedFlag(doc);
  },
};
