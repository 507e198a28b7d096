import type { CartDiscount, CartDiscountDraft, CartDiscountUpdateAction } from '../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../context.js';
import { sql } from '../db/statements.js';
import { DuplicateFieldError, RequiredFieldError } from '../errors/api-error.js';
import { cartDiscountValueFromDraft, checkedSortOrder, checkTarget } from './cart-discount-values.js';
import { resolveStores } from './business-unit-references.js';
import { cartDiscountsInStore } from './cart-discounts-in-store.js';
import { checkedCartPredicate } from './cart-predicate-scopes.js';
import { customFieldActions, customFieldsFromDraft } from './custom-fields.js';
import { DocumentRepository, type DocumentAddress, type NewDocument } from './document-repository.js';
import { DocumentService } from './document-service.js';
import { cartDiscountResource } from './queryable-resources.js';
import { deleteUnlessReferenced } from './referenced-delete.js';
import type { Referrer } from './referrers.js';
import { setOptional, type ActionHandlers } from './update-actions.js';
import { checkValidityPeriod, setValidity } from './validity-period.js';

const ACTIVE = sql('SELECT $DATA AS "data" FROM "CartDiscount" WHERE "projectKey" = ? AND "activeSortOrder" IS NOT NULL ORDER BY "activeSortOrder" DESC');

const actions: ActionHandlers<CartDiscount, CartDiscountUpdateAction> = {
  changeValue: (doc, a) => {
    doc.value = cartDiscountValueFromDraft(a.value);
    if (doc.target) checkTarget(doc.target, doc.value);
  },
  changeCartPredicate: (doc, a) => void (doc.cartPredicate = checkedCartPredicate(a.cartPredicate)),
  changeTarget: (doc, a) => void (doc.target = checkTarget(a.target, doc.value)),
  changeSortOrder: (doc, a) => void (doc.sortOrder = checkedSortOrder(a.sortOrder)),
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

/**
 * Cart discounts (see openapi/schemas/cart-discount.yaml): predicates are checked when they are
 * written, so a cart never meets a malformed one; the database keeps sort orders unique. A discount
 * that discount codes still name cannot be deleted.
 */
export class CartDiscountService extends DocumentService<CartDiscount, CartDiscountDraft, CartDiscountUpdateAction> {
  readonly repository = new DocumentRepository<CartDiscount>({
    resource: cartDiscountResource,
    extraColumns: { names: ['sortOrder', 'activeSortOrder'], values: (doc) => ({ sortOrder: doc.sortOrder, activeSortOrder: doc.isActive ? doc.sortOrder : null }) },
    uniqueRules: (doc) => [{ model: 'CartDiscount', fields: ['projectKey', 'sortOrder'], error: () => new DuplicateFieldError('sortOrder', doc.sortOrder) }],
  });
  protected readonly actions = actions;
  /** Set once the discount codes exist (they refer to cart discounts). */
  referrers: readonly Referrer[] = [];

  protected async fromDraft(ctx: RequestContext, draft: CartDiscountDraft): Promise<NewDocument<CartDiscount>> {
    if (!draft.target) throw new RequiredFieldError('target');
    const value = cartDiscountValueFromDraft(draft.value);
    const custom = await customFieldsFromDraft(ctx, 'cart-discount', draft.custom);
    const doc: NewDocument<CartDiscount> = {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      name: draft.name,
      ...(draft.description !== undefined ? { description: draft.description } : {}),
      value,
      cartPredicate: checkedCartPredicate(draft.cartPredicate),
      target: checkTarget(draft.target, value),
      sortOrder: checkedSortOrder(draft.sortOrder),
      isActive: draft.isActive ?? true,
      ...(draft.validFrom !== undefined ? { validFrom: draft.validFrom } : {}),
      ...(draft.validUntil !== undefined ? { validUntil: draft.validUntil } : {}),
      requiresDiscountCode: draft.requiresDiscountCode ?? false,
      references: [],
      stackingMode: draft.stackingMode ?? 'Stacking',
      stores: await resolveStores(ctx, draft.stores ?? [], 'stores'),
      ...(custom ? { custom } : {}),
    };
    checkValidityPeriod(doc);
    return doc;
  }

  /** The project's active cart discounts, greatest sortOrder first: one statement on the active ones' index. */
  async active(ctx: Pick<RequestContext, 'db' | 'projectKey'>): Promise<CartDiscount[]> {
    const rows = await ctx.db.rows<{ data: string }>(ACTIVE[ctx.db.dialect], [ctx.projectKey]);
    return rows.map((row) => JSON.parse(row.data) as CartDiscount);
  }

  override delete(ctx: RequestContext, at: DocumentAddress, version: number, expand?: readonly string[]): Promise<CartDiscount> {
    return deleteUnlessReferenced(ctx, this.repository, at, version, this.referrers, expand);
  }

  /** The in-store endpoints' view: the discounts of the request's store (cart-discounts-in-store.ts). */
  readonly inStore = cartDiscountsInStore(this);
}
