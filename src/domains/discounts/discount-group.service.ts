import type { CartDiscount, DiscountGroup, DiscountGroupDraft, DiscountGroupUpdateAction } from '../../../generated/openapi/client/types.gen.js';
import { withTransaction, type RequestContext } from '../../context.js';
import { checkedSortOrder } from './cart-discount-values.js';
import { assertSortOrderFree, discountGroupRepository } from './discount-group-repository.js';
import type { DocumentAddress, DocumentRepository, NewDocument } from '../../resources/document-repository.js';
import { DocumentService } from '../../resources/document-service.js';
import { deleteUnlessReferenced } from '../../resources/referenced-delete.js';
import type { Referrer } from '../../resources/referrers.js';
import { setOptional, type ActionHandlers } from '../../resources/update-actions.js';

const actions: ActionHandlers<DiscountGroup, DiscountGroupUpdateAction> = {
  setDescription: (doc, a) => setOptional(doc, 'description', a.description),
  setName: (doc, a) => setOptional(doc, 'name', a.name),
  setIsActive: (doc, a) => void (doc.isActive = a.isActive),
  setKey: (doc, a) => void (doc.key = a.key),
  setSortOrder: async (doc, a, ctx) => {
    const sortOrder = checkedSortOrder(a.sortOrder);
    if (sortOrder !== doc.sortOrder) await assertSortOrderFree(ctx, sortOrder, 'discounts');
    doc.sortOrder = sortOrder;
  },
};

const MEMBERS = 'discountGroup(id = :id)';

/**
 * Discount groups (openapi/schemas/discount-group.yaml). The group's cart discounts carry its sort
 * order: a new one is written to them in the same transaction. A group with discounts in it cannot
 * be deleted.
 */
export class DiscountGroupService extends DocumentService<DiscountGroup, DiscountGroupDraft, DiscountGroupUpdateAction> {
  readonly repository = discountGroupRepository;
  protected readonly actions = actions;

  constructor(
    private readonly cartDiscounts: DocumentRepository<CartDiscount>,
    private readonly referrers: readonly Referrer[],
  ) {
    super();
  }

  protected async fromDraft(ctx: RequestContext, draft: DiscountGroupDraft): Promise<NewDocument<DiscountGroup>> {
    const sortOrder = checkedSortOrder(draft.sortOrder);
    await assertSortOrderFree(ctx, sortOrder, 'discounts');
    return {
      key: draft.key,
      ...(draft.name !== undefined ? { name: draft.name } : {}),
      ...(draft.description !== undefined ? { description: draft.description } : {}),
      sortOrder,
      isActive: draft.isActive ?? true,
    };
  }

  override create(ctx: RequestContext, draft: DiscountGroupDraft, expand?: readonly string[]): Promise<DiscountGroup> {
    return withTransaction(ctx, (tx) => super.create(tx, draft, expand));
  }

  override update(
    ctx: RequestContext,
    at: DocumentAddress,
    update: { version: number; actions: readonly DiscountGroupUpdateAction[] },
    expand?: readonly string[],
  ): Promise<DiscountGroup> {
    return withTransaction(ctx, async (tx) => {
      const before = await this.repository.versioned(tx, at, update.version);
      const group = await super.update(tx, { id: before.id }, update);
      if (group.sortOrder !== before.sortOrder) {
        await this.cartDiscounts.forEachMatch(tx, { where: [MEMBERS], vars: { id: [group.id] } }, (discount) =>
          this.cartDiscounts.replace(tx, discount, { ...structuredClone(discount), sortOrder: group.sortOrder }),
        );
      }
      return this.expanded(tx, group, expand);
    });
  }

  override delete(ctx: RequestContext, at: DocumentAddress, version: number, expand?: readonly string[]): Promise<DiscountGroup> {
    return deleteUnlessReferenced(ctx, this.repository, at, version, this.referrers, expand);
  }
}
