import type {
  CartDiscount,
  DiscountCode,
  DiscountCodeDraft,
  DiscountCodeUpdateAction,
  Reference,
  ResourceIdentifier,
} from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { DuplicateFieldError } from '../../errors/api-error.js';
import { checkedCartPredicate } from '../../query/cart/cart-predicate-scopes.js';
import { customFieldActions, customFieldsFromDraft } from '../types/index.js';
import { DocumentRepository, type NewDocument } from '../../resources/document-repository.js';
import { DocumentService } from '../../resources/document-service.js';
import { discountCodeResource } from '../../resources/queryable-resources.js';
import { resolveReference } from '../../resources/resource-identifiers.js';
import { setOptional, type ActionHandlers } from '../../resources/update-actions.js';
import { checkValidityPeriod, setValidity } from '../../resources/validity-period.js';

/**
 * Discount codes: a `code` (unique in the project, immutable) that unlocks its cart discounts on a
 * cart, optionally only for carts matching its own cart predicate and within a validity period.
 * maxApplications and maxApplicationsPerCustomer limit how often orders use it (see
 * discount-code-applications.ts: counted at order creation, MaxApplicationReached in carts).
 */
export class DiscountCodeService extends DocumentService<DiscountCode, DiscountCodeDraft, DiscountCodeUpdateAction> {
  readonly repository = new DocumentRepository<DiscountCode>({
    resource: discountCodeResource,
    extraColumns: { names: ['code'], values: (doc) => ({ code: doc.code }) },
    uniqueRules: (doc) => [{ model: 'DiscountCode', fields: ['projectKey', 'code'], error: () => new DuplicateFieldError('code', doc.code) }],
  });
  protected readonly actions: ActionHandlers<DiscountCode, DiscountCodeUpdateAction>;

  constructor(private readonly cartDiscounts: DocumentRepository<CartDiscount>) {
    super();
    this.actions = {
      changeCartDiscounts: async (doc, a, ctx) => void (doc.cartDiscounts = await this.resolveDiscounts(ctx, a.cartDiscounts)),
      changeGroups: (doc, a) => void (doc.groups = [...new Set(a.groups)]),
      changeIsActive: (doc, a) => void (doc.isActive = a.isActive),
      setCartPredicate: (doc, a) => setOptional(doc, 'cartPredicate', a.cartPredicate === undefined ? undefined : checkedCartPredicate(a.cartPredicate)),
      setName: (doc, a) => setOptional(doc, 'name', a.name),
      setDescription: (doc, a) => setOptional(doc, 'description', a.description),
      setKey: (doc, a) => setOptional(doc, 'key', a.key),
      setMaxApplications: (doc, a) => setOptional(doc, 'maxApplications', a.maxApplications),
      setMaxApplicationsPerCustomer: (doc, a) => setOptional(doc, 'maxApplicationsPerCustomer', a.maxApplicationsPerCustomer),
      setValidFrom: (doc, a) => setValidity(doc, a, 'validFrom'),
      setValidUntil: (doc, a) => setValidity(doc, a, 'validUntil'),
      setValidFromAndUntil: (doc, a) => setValidity(doc, a, 'both'),
      ...customFieldActions('discount-code'),
    };
  }

  private async resolveDiscounts(ctx: RequestContext, identifiers: readonly ResourceIdentifier[]): Promise<Reference[]> {
    const references: Reference[] = [];
    for (const [i, identifier] of identifiers.entries()) {
      const reference = await resolveReference(ctx, this.cartDiscounts, identifier, `cartDiscounts[${i}]`);
      if (!references.some((r) => r.id === reference.id)) references.push(reference);
    }
    return references;
  }

  protected async fromDraft(ctx: RequestContext, draft: DiscountCodeDraft): Promise<NewDocument<DiscountCode>> {
    const custom = await customFieldsFromDraft(ctx, 'discount-code', draft.custom);
    const doc: NewDocument<DiscountCode> = {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      ...(draft.name !== undefined ? { name: draft.name } : {}),
      ...(draft.description !== undefined ? { description: draft.description } : {}),
      code: draft.code,
      cartDiscounts: await this.resolveDiscounts(ctx, draft.cartDiscounts),
      ...(draft.cartPredicate !== undefined ? { cartPredicate: checkedCartPredicate(draft.cartPredicate) } : {}),
      isActive: draft.isActive ?? true,
      references: [],
      ...(draft.maxApplications !== undefined ? { maxApplications: draft.maxApplications } : {}),
      ...(draft.maxApplicationsPerCustomer !== undefined ? { maxApplicationsPerCustomer: draft.maxApplicationsPerCustomer } : {}),
      groups: [...new Set(draft.groups ?? [])],
      ...(draft.validFrom !== undefined ? { validFrom: draft.validFrom } : {}),
      ...(draft.validUntil !== undefined ? { validUntil: draft.validUntil } : {}),
      ...(custom ? { custom } : {}),
    };
    checkValidityPeriod(doc);
    return doc;
  }
}
