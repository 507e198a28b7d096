import type { Category } from '../../../generated/openapi/client/types.gen.js';
import type { Resolvers } from '../../../generated/graphql/types.js';
import { loadCategory, loadChildCategories } from '../loaders.js';
import { localizedFields } from '../localized.js';
import { lookupField, queryField } from '../query-fields.js';

/** A referenced category that is gone is left out, as a dangling reference expands to nothing over HTTP. */
const present = (categories: readonly (Category | undefined)[]) => categories.filter((c): c is Category => c !== undefined);

/** Categories over GraphQL: each root field one call into the category service the HTTP API uses. */
export const categoryResolvers: Resolvers = {
  Query: {
    category: lookupField((services) => services.categories),
    categories: queryField((services) => services.categories),
  },
  Category: {
    ...localizedFields<Category>()('name', 'description', 'slug', 'metaTitle', 'metaKeywords', 'metaDescription'),
    ancestorsRef: (category) => category.ancestors,
    ancestors: async (category, _args, context) => present(await Promise.all(category.ancestors.map((ref) => loadCategory(context, ref.id)))),
    parentRef: (category) => category.parent ?? null,
    parent: async (category, _args, context) => (category.parent ? ((await loadCategory(context, category.parent.id)) ?? null) : null),
    childCount: async (category, _args, context) => (await loadChildCategories(context, category.id)).total ?? 0,
    children: async (category, _args, context) => (await loadChildCategories(context, category.id)).results,
    assets: (category) => category.assets ?? [],
  },
};
