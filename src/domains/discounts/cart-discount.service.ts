import type { CartDiscount, CartDiscountDraft, CartDiscountUpdateAction, Reference, ResourceIdentifier } from '../../../generated/openapi/client/types.gen.js';
import { withTransaction, type RequestContext } from '../../context.js';
import { sql } from '../../db/statements.js';
import { DuplicateFieldError, InvalidOperationError, RequiredFieldError } from '../../errors/api-error.js';
import { cartDiscountValueFromDraft, checkedSortOrder, checkTarget } from './cart-discount-values.js';
import { resolveStores } from '../../resources/reference-resolvers.js';
import { cartDiscountsInStore } from './cart-discounts-in-store.js';
import { checkedCartPredicate } from '../../query/cart/cart-predicate-scopes.js';
import { customFieldActions, customFieldsFromDraft } from '../types/index.js';
import { assertSortOrderFree, discountGroupRepository, inactiveDiscountGroups } from './discount-group-repository.js';
import { DocumentRepository, type DocumentAddress, type NewDocument } from '../../resources/document-repository.js';
import { DocumentService } from '../../resources/document-service.js';
import { cartDiscountResource } from '../../resources/queryable-resources.js';
import { deleteUnlessReferenced } from '../../resources/referenced-delete.js';
import type { Referrer } from '../../resources/referrers.js';
import { resolveIdentifier } from '../../resources/resource-identifiers.js';
import { setOptional, type ActionHandlers } from '../../resources/update-actions.js';
import { checkValidityPeriod, setValidity } from '../../resources/validity-period.js';

const ACTIVE = sql('SELECT $DATA AS "data" FROM "CartDiscount" WHERE "projectKey" = ? AND "activeSortOrder" IS NOT NULL ORDER BY "activeSortOrder" DESC');

const actions: ActionHandlers<CartDiscount, CartDiscountUpdateAction> = {
  changeValue: (doc, a) => {
    doc.value = cartDiscountValueFromDraft(a.value);
    if (doc.target) checkTarget(doc.target, doc.value);
  },
  changeCartPredicate: (doc, a) => void (doc.cartPredicate = checkedCartPredicate(a.cartPredicate)),
  changeTarget: (doc, a) => void (doc.target = checkTarget(a.target, doc.value)),
  changeSortOrder: async (doc, a, ctx) => {
    if (doc.discountGroup)
      throw new InvalidOperationError(
        'The cart discount is in a discount group and takes its sort order: change the sort order of the group, or take the discount out of it with setDiscountGroup.',
      );
    doc.sortOrder = await ownSortOrder(ctx, a.sortOrder, doc.sortOrder);
  },
  setDiscountGroup: async (doc, a, ctx) => {
    if (a.discountGroup) {
      const { discountGroup, sortOrder } = await inGroup(ctx, a.discountGroup, 'discountGroup');
      Object.assign(doc, { discountGroup, sortOrder });
      return;
    }
    if (a.sortOrder === undefined) throw new RequiredFieldError('sortOrder');
    const sortOrder = await ownSortOrder(ctx, a.sortOrder, doc.discountGroup ? undefined : doc.sortOrder);
    delete doc.discountGroup;
    doc.sortOrder = sortOrder;
  },
  changeIsActive: (doc, a) => void (doc.isActive = a.isActive),
  changeName: (doc, a) => void (doc.name = a.name),
  changeRequiresDiscountCode: (doc, a) => void (doc.requiresDiscountCode = a.requiresDiscountCode),
  changeStackingMode: (doc, a) => void (doc.stackingMode = a.stackingMode),
  setDescription: (doc, a) => setOptional(doc, 'description', a.description),
  setKey: (doc, a) => setOptional(doc, 'key', a.key),
  setValidFrom: (doc, a) => setValidity(doc, a, 'validFrom'),
  setValidUntil: (doc, a) => setValidity(doc, a, 'validUntil'),
  setValidFromAndUntil: (doc, a) => setValidity(doc, a, 'both'),
  ...customFieldActions('cart-discount'),
  addStore: async (doc, a, ctx) => {
    const [store] = await resolveStores(ctx, [a.store], 'store');
    if (!(doc.stores ?? []).some((s) => s.key === store.key)) doc.stores = [...(doc.stores ?? []), store];
  },
  removeStore: async (doc, a, ctx) => {
    const [store] = await resolveStores(ctx, [a.store], 'store');
    doc.stores = (doc.stores ?? []).filter((s) => s.key !== store.key);
  },
  setStores: async (doc, a, ctx) => void (doc.stores = await resolveStores(ctx, a.stores ?? [], 'stores')),
};

/** The group a discount joins, and the sort order it takes from it. */
async function inGroup(ctx: RequestContext, identifier: ResourceIdentifier, field: string): Promise<{ discountGroup: Reference; sortOrder: string }> {
  const group = await resolveIdentifier(ctx, discountGroupRepository, identifier, field);
  return { discountGroup: { typeId: 'discount-group', id: group.id }, sortOrder: group.sortOrder };
}

/** A discount's own sort order (outside groups): well-formed, and no group's (the table's index keeps it unique among discounts). */
async function ownSortOrder(ctx: RequestContext, value: string, current: string | undefined): Promise<string> {
  const sortOrder = checkedSortOrder(value);
  if (sortOrder !== current) await assertSortOrderFree(ctx, sortOrder, 'groups');
  return sortOrder;
}

/**
 * Cart discounts (see openapi/schemas/cart-discount.yaml): predicates are checked when they are
 * written, so a cart never meets a malformed one; the database keeps sort orders unique. A discount
 * that discount codes still name cannot be deleted.
 */
export class CartDiscountService extends DocumentService<CartDiscount, CartDiscountDraft, CartDiscountUpdateAction> {
  readonly repository = new DocumentRepository<CartDiscount>({
    resource: cartDiscountResource,
    // A group's discounts share its sort order: the unique column holds only the others'.
    extraColumns: {
      names: ['sortOrder', 'activeSortOrder'],
      values: (doc) => ({ sortOrder: doc.discountGroup ? null : doc.sortOrder, activeSortOrder: doc.isActive ? doc.sortOrder : null }),
    },
    uniqueRules: (doc) => [{ model: 'CartDiscount', fields: ['projectKey', 'sortOrder'], error: () => new DuplicateFieldError('sortOrder', doc.sortOrder) }],
  });
  protected readonly actions = actions;

  /** What refers to this resource and so keeps it from being deleted. */
  constructor(private readonly referrers: readonly Referrer[]) {
    super();
  }

  protected async fromDraft(ctx: RequestContext, draft: CartDiscountDraft): Promise<NewDocument<CartDiscount>> {
    if (!draft.target) throw new RequiredFieldError('target');
    const value = cartDiscountValueFromDraft(draft.value);
    const custom = await customFieldsFromDraft(ctx, 'cart-discount', draft.custom);
    let sorted: { discountGroup?: Reference; sortOrder: string };
    if (draft.discountGroup) sorted = await inGroup(ctx, draft.discountGroup, 'discountGroup');
    else if (draft.sortOrder === undefined) throw new RequiredFieldError('sortOrder');
    else sorted = { sortOrder: await ownSortOrder(ctx, draft.sortOrder, undefined) };
    const doc: NewDocument<CartDiscount> = {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      name: draft.name,
      ...(draft.description !== undefined ? { description: draft.description } : {}),
      value,
      cartPredicate: checkedCartPredicate(draft.cartPredicate),
      target: checkTarget(draft.target, value),
      sortOrder: sorted.sortOrder,
      isActive: draft.isActive ?? true,
      ...(draft.validFrom !== undefined ? { validFrom: draft.validFrom } : {}),
      ...(draft.validUntil !== undefined ? { validUntil: draft.validUntil } : {}),
      requiresDiscountCode: draft.requiresDiscountCode ?? false,
      references: [],
      stackingMode: draft.stackingMode ?? 'Stacking',
      stores: await resolveStores(ctx, draft.stores ?? [], 'stores'),
      ...(custom ? { custom } : {}),
      ...(sorted.discountGroup ? { discountGroup: sorted.discountGroup } : {}),
    };
    checkValidityPeriod(doc);
    return doc;
  }

  /**
   * The project's active cart discounts, greatest sortOrder first: one statement on the active ones'
   * index, and one more for the groups' state when any of them is in a group (an inactive group's
   * discounts do not apply).
   */
  async active(ctx: Pick<RequestContext, 'db' | 'projectKey'>): Promise<CartDiscount[]> {
    const rows = await ctx.db.rows<{ data: string }>(ACTIVE[ctx.db.dialect], [ctx.projectKey]);
    const discounts = rows.map((row) => JSON.parse(row.data) as CartDiscount);
    if (!discounts.some((d) => d.discountGroup)) return discounts;
    const inactive = await inactiveDiscountGroups(ctx);
    return discounts.filter((d) => !d.discountGroup || !inactive.has(d.discountGroup.id));
  }

  // The sort order checks read the other table: the check and the write share a transaction.
  override create(ctx: RequestContext, draft: CartDiscountDraft, expand?: readonly string[]): Promise<CartDiscount> {
    return withTransaction(ctx, (tx) => super.create(tx, draft, expand));
  }

  override update(
    ctx: RequestContext,
    at: DocumentAddress,
    update: { version: number; actions: readonly CartDiscountUpdateAction[] },
    expand?: readonly string[],
  ): Promise<CartDiscount> {
    return withTransaction(ctx, (tx) => super.update(tx, at, update, expand));
  }

  override delete(ctx: RequestContext, at: DocumentAddress, version: number, expand?: readonly string[]): Promise<CartDiscount> {
    return deleteUnlessReferenced(ctx, this.repository, at, version, this.referrers, expand);
  }

  /** The in-store endpoints' view: the discounts of the request's store (cart-discounts-in-store.ts). */
  readonly inStore = cartDiscountsInStore(this);
}
