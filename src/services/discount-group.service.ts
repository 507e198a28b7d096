import type { DiscountGroup, DiscountGroupDraft, DiscountGroupUpdateAction } from '../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../context.js';
import { DuplicateFieldError } from '../errors/api-error.js';
import { checkedSortOrder } from './cart-discount-values.js';
import { DocumentRepository, type NewDocument } from './document-repository.js';
import { DocumentService } from './document-service.js';
import { discountGroupResource } from './queryable-resources.js';
import { setOptional, type ActionHandlers } from './update-actions.js';

const actions: ActionHandlers<DiscountGroup, DiscountGroupUpdateAction> = {
  setDescription: (doc, a) => setOptional(doc, 'description', a.description),
  setName: (doc, a) => setOptional(doc, 'name', a.name),
  setIsActive: (doc, a) => void (doc.isActive = a.isActive),
  setKey: (doc, a) => void (doc.key = a.key),
  setSortOrder: (doc, a) => void (doc.sortOrder = checkedSortOrder(a.sortOrder)),
};

/** Discount groups (openapi/schemas/discount-group.yaml): a key and a sort order unique in the project (the database keeps it so). */
export class DiscountGroupService extends DocumentService<DiscountGroup, DiscountGroupDraft, DiscountGroupUpdateAction> {
  readonly repository = new DocumentRepository<DiscountGroup>({
    resource: discountGroupResource,
    extraColumns: { names: ['sortOrder'], values: (doc) => ({ sortOrder: doc.sortOrder }) },
    uniqueRules: (doc) => [{ model: 'DiscountGroup', fields: ['projectKey', 'sortOrder'], error: () => new DuplicateFieldError('sortOrder', doc.sortOrder) }],
  });
  protected readonly actions = actions;

  protected fromDraft(_ctx: RequestContext, draft: DiscountGroupDraft): NewDocument<DiscountGroup> {
    return {
      key: draft.key,
      ...(draft.name !== undefined ? { name: draft.name } : {}),
      ...(draft.description !== undefined ? { description: draft.description } : {}),
      sortOrder: checkedSortOrder(draft.sortOrder),
      isActive: draft.isActive ?? true,
    };
  }
}
