import type { ProductData, ProductVariant } from '../../../generated/openapi/client/types.gen.js';
import type { Resolvers } from '../../../generated/graphql/types.js';
import { InvalidInputError } from '../../errors/api-error.js';
import { normalizeQueryParams } from '../../query/index.js';
import { selectPrice, allVariants } from '../../domains/catalog/index.js';
import type { GraphQLContext } from '../context.js';
import { loadProductType } from '../loaders.js';
import { lookupField, orNull, queryField, queryResult, type QueryArgs } from '../query-fields.js';
import { allLocales, localizedValue } from '../localized.js';

/** A variant of the current or the staged data, by its SKU or key. */
const HAS_VARIANT = (field: 'sku' | 'key', op: string) => {
  const test = `masterVariant(${field} ${op}) or variants(${field} ${op})`;
  return `masterData(current(${test}) or staged(${test}))`;
};

/** `product(id | key | sku | variantKey)`: exactly one; null when nothing matches. */
async function findProduct(
  { ctx, services }: GraphQLContext,
  args: { id?: string | null; key?: string | null; sku?: string | null; variantKey?: string | null },
) {
  const named = (['id', 'key', 'sku', 'variantKey'] as const).filter((name) => args[name] != null);
  if (named.length !== 1) throw new InvalidInputError('Exactly one of id, key, sku or variantKey must be given.');
  if (args.sku != null) return (await services.products.findBySku(ctx, args.sku)) ?? null;
  if (args.variantKey != null) {
    const page = await services.products.query(
      ctx,
      normalizeQueryParams({ where: HAS_VARIANT('key', '= :key'), vars: { key: [args.variantKey] }, limit: 1, withTotal: false }),
    );
    return page.results[0] ?? null;
  }
  return orNull(services.products.get(ctx, args.id != null ? { id: args.id } : { key: args.key! }));
}

/** `variants(skus, hasImages)` and `allVariants(...)`: the variants that pass both filters. */
function filtered(variants: readonly ProductVariant[], args: { skus?: readonly string[] | null; hasImages?: boolean | null }): ProductVariant[] {
  return variants.filter(
    (v) => (args.skus == null || (v.sku !== undefined && args.skus.includes(v.sku))) && (args.hasImages == null || v.images.length > 0 === args.hasImages),
  );
}

const skusOf = (...data: ProductData[]) => [...new Set(data.flatMap((d) => allVariants(d).flatMap((v) => (v.sku !== undefined ? [v.sku] : []))))];

const included = (name: string, args: { includeNames?: readonly string[] | null; excludeNames?: readonly string[] | null }) =>
  (args.includeNames == null || args.includeNames.includes(name)) && (args.excludeNames == null || !args.excludeNames.includes(name));

/** Products and product types over GraphQL: each root field one call into the service the HTTP API uses. */
export const productResolvers: Resolvers = {
  Query: {
    product: (_root, args, context) => findProduct(context, args),
    products: async (_root, args: QueryArgs & { skus?: readonly string[] | null }, { ctx, services }) => {
      const where = [...(args.where != null ? [args.where] : []), ...(args.skus != null ? [HAS_VARIANT('sku', 'in :skus')] : [])];
      return queryResult(await services.products.query(ctx, normalizeQueryParams({ ...args, where, vars: args.skus != null ? { skus: [...args.skus] } : {} })));
    },
    productType: lookupField((services) => services.productTypes),
    productTypes: queryField((services) => services.productTypes),
  },
  Product: {
    productTypeRef: (product) => product.productType,
    productType: async (product, _args, context) => (await loadProductType(context, product.productType.id)) ?? null,
    skus: (product) => skusOf(product.masterData.current, product.masterData.staged),
  },
  ProductData: {
    name: (data, args) => localizedValue(data.name, args),
    nameAllLocales: (data) => allLocales(data.name),
    description: (data, args) => localizedValue(data.description, args),
    descriptionAllLocales: (data) => allLocales(data.description),
    slug: (data, args) => localizedValue(data.slug, args),
    slugAllLocales: (data) => allLocales(data.slug),
    categoriesRef: (data) => data.categories,
    variants: (data, args) => filtered(data.variants, args),
    allVariants: (data, args) => filtered(allVariants(data), args),
    variant: (data, args) => allVariants(data).find((v) => (args.sku != null && v.sku === args.sku) || (args.key != null && v.key === args.key)) ?? null,
    skus: (data) => skusOf(data),
  },
  ProductVariant: {
    price: (variant, args, { ctx }) =>
      selectPrice(variant.prices ?? [], {
        currency: args.currency,
        country: args.country ?? undefined,
        customerGroupId: args.customerGroupId ?? undefined,
        channelId: args.channelId ?? undefined,
        now: args.date != null ? Date.parse(args.date) : ctx.app.clock.now(),
        quantity: 1,
      }) ?? null,
    images: (variant) => variant.images ?? [],
    assets: (variant) => variant.assets ?? [],
    attributesRaw: (variant, args) => (variant.attributes ?? []).filter((a) => included(a.name, args)),
  },
  ProductPrice: {
    customerGroupRef: (price) => price.customerGroup ?? null,
    channelRef: (price) => price.channel ?? null,
  },
  Image: {
    dimensions: (image) => ({ width: image.dimensions.w, height: image.dimensions.h }),
  },
  Asset: {
    name: (asset, args) => localizedValue(asset.name, args),
    nameAllLocales: (asset) => allLocales(asset.name),
    description: (asset, args) => localizedValue(asset.description, args),
    descriptionAllLocales: (asset) => allLocales(asset.description),
    tags: (asset) => asset.tags ?? [],
  },
  AssetSource: {
    dimensions: (source) => (source.dimensions ? { width: source.dimensions.w, height: source.dimensions.h } : null),
  },
};
