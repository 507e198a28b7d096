import type { Category, CategoryUpdateAction } from '../../../generated/openapi/client/types.gen.js';
import { InvalidOperationError } from '../../errors/api-error.js';
import { assetActions } from './assets.js';
import { categoryRepository } from './category-repository.js';
import { customFieldActions } from '../types/index.js';
import { resolveIdentifier } from '../../resources/resource-identifiers.js';
import { type ActionHandlers, setOptional } from '../../resources/update-actions.js';

/**
 * The category update actions. `changeParent` sets the new parent and the category's own ancestors;
 * the service then rewrites the ancestors of its descendants in the same transaction.
 */
export const categoryActions: ActionHandlers<Category, CategoryUpdateAction> = {
  changeName: (doc, a) => void (doc.name = a.name),
  changeSlug: (doc, a) => void (doc.slug = a.slug),
  setDescription: (doc, a) => setOptional(doc, 'description', a.description),
  changeParent: async (doc, a, ctx) => {
    const parent = await resolveIdentifier(ctx, categoryRepository, a.parent, 'parent');
    if (parent.id === doc.id || parent.ancestors.some((ancestor) => ancestor.id === doc.id)) {
      throw new InvalidOperationError(
        `The category '${parent.id}' cannot become the parent of '${doc.id}': it is the category itself or one of its descendants.`,
      );
    }
    doc.parent = { typeId: 'category', id: parent.id };
    doc.ancestors = ancestorsBelow(parent);
  },
  changeOrderHint: (doc, a) => void (doc.orderHint = a.orderHint),
  setKey: (doc, a) => setOptional(doc, 'key', a.key),
  setExternalId: (doc, a) => setOptional(doc, 'externalId', a.externalId),
  setMetaTitle: (doc, a) => setOptional(doc, 'metaTitle', a.metaTitle),
  setMetaDescription: (doc, a) => setOptional(doc, 'metaDescription', a.metaDescription),
  setMetaKeywords: (doc, a) => setOptional(doc, 'metaKeywords', a.metaKeywords),
  ...customFieldActions('category'),
  addAsset: (doc, a, ctx) => assetActions.addAsset(ctx, doc, a),
  removeAsset: (doc, a) => assetActions.removeAsset(doc, a),
  changeAssetOrder: (doc, a) => assetActions.changeAssetOrder(doc, a),
  changeAssetName: (doc, a) => assetActions.changeAssetName(doc, a),
  setAssetDescription: (doc, a) => assetActions.setAssetDescription(doc, a),
  setAssetTags: (doc, a) => assetActions.setAssetTags(doc, a),
  setAssetSources: (doc, a) => assetActions.setAssetSources(doc, a),
  setAssetKey: (doc, a) => assetActions.setAssetKey(doc, a),
  setAssetCustomType: (doc, a, ctx) => assetActions.setAssetCustomType(ctx, doc, a),
  setAssetCustomField: (doc, a, ctx) => assetActions.setAssetCustomField(ctx, doc, a),
};

/** The ancestors of a child of `parent`: the parent's own, from the root down, then the parent. */
export function ancestorsBelow(parent: Pick<Category, 'id' | 'ancestors'>): Category['ancestors'] {
  return [...parent.ancestors.map(({ typeId, id }) => ({ typeId, id })), { typeId: 'category', id: parent.id }];
}
