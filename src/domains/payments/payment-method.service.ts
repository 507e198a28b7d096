import type { PaymentMethod, PaymentMethodDraft, PaymentMethodUpdateAction } from '../../../generated/openapi/client/types.gen.js';
import { withTransaction, type RequestContext } from '../../context.js';
import { lockUntilCommit } from '../../db/transaction-lock.js';
import { InvalidOperationError } from '../../errors/api-error.js';
import { resolveCustomerId, resolveUnitKey } from '../../resources/reference-resolvers.js';
import { customFieldActions, customFieldsFromDraft } from '../types/index.js';
import { DocumentRepository, type DocumentAddress, type NewDocument } from '../../resources/document-repository.js';
import { DocumentService } from '../../resources/document-service.js';
import { paymentMethodResource } from '../../resources/queryable-resources.js';
import { setOptional, type ActionHandlers } from '../../resources/update-actions.js';

const NOT_ACTIVE = 'An inactive payment method cannot be the default: set its paymentMethodStatus to Active first.';

const actions: ActionHandlers<PaymentMethod, PaymentMethodUpdateAction> = {
  setDefault: (doc, a) => {
    if (a.default && doc.paymentMethodStatus !== 'Active') throw new InvalidOperationError(NOT_ACTIVE);
    doc.default = a.default;
  },
  setInterfaceAccount: (doc, a) => setOptional(doc, 'interfaceAccount', a.interfaceAccount),
  setKey: (doc, a) => setOptional(doc, 'key', a.key),
  setMethod: (doc, a) => setOptional(doc, 'method', a.method),
  setName: (doc, a) => setOptional(doc, 'name', a.name),
  setPaymentInterface: (doc, a) => setOptional(doc, 'paymentInterface', a.paymentInterface),
  setPaymentMethodStatus: (doc, a) => {
    if (doc.default && a.paymentMethodStatus !== 'Active')
      throw new InvalidOperationError('The default payment method cannot be set inactive: make another one the default first.');
    doc.paymentMethodStatus = a.paymentMethodStatus;
  },
  ...customFieldActions('payment-method'),
};

/**
 * The predicate matching the other default payment methods of `doc`'s owner: its customer, its
 * business unit, or the pair of both (an associate's), each a different owner.
 */
function sameOwnerDefaults(doc: PaymentMethod): { where: string[]; vars: Record<string, string[]> } {
  return {
    where: [
      doc.customer ? 'customer(id = :customerId)' : 'customer is not defined',
      doc.businessUnit ? 'businessUnit(key = :unitKey)' : 'businessUnit is not defined',
      'default = true',
      'id != :id',
    ],
    vars: { id: [doc.id], ...(doc.customer ? { customerId: [doc.customer.id] } : {}), ...(doc.businessUnit ? { unitKey: [doc.businessUnit.key] } : {}) },
  };
}

/**
 * Payment methods (openapi/schemas/payment-method.yaml): a customer's or a business unit's stored
 * means of payment. The owner is checked to exist. An owner has at most one default, and it is
 * active: a method that becomes the default takes the flag from the owner's previous default in the
 * same transaction (which becomes a new version).
 */
export class PaymentMethodService extends DocumentService<PaymentMethod, PaymentMethodDraft, PaymentMethodUpdateAction> {
  readonly repository = new DocumentRepository<PaymentMethod>({
    resource: paymentMethodResource,
    extraColumns: {
      names: ['customerId', 'businessUnitKey'],
      values: (doc) => ({ customerId: doc.customer?.id ?? null, businessUnitKey: doc.businessUnit?.key ?? null }),
    },
  });
  protected readonly actions = actions;

  protected async fromDraft(ctx: RequestContext, draft: PaymentMethodDraft): Promise<NewDocument<PaymentMethod>> {
    const customerId = draft.customer ? await resolveCustomerId(ctx, draft.customer, 'customer') : undefined;
    const unitKey = draft.businessUnit ? await resolveUnitKey(ctx, draft.businessUnit, 'businessUnit') : undefined;
    const custom = await customFieldsFromDraft(ctx, 'payment-method', draft.custom);
    return {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      ...(draft.name !== undefined ? { name: draft.name } : {}),
      ...(customerId !== undefined ? { customer: { typeId: 'customer', id: customerId } } : {}),
      ...(unitKey !== undefined ? { businessUnit: { typeId: 'business-unit', key: unitKey } } : {}),
      ...(draft.method !== undefined ? { method: draft.method } : {}),
      ...(draft.paymentInterface !== undefined ? { paymentInterface: draft.paymentInterface } : {}),
      ...(draft.interfaceAccount !== undefined ? { interfaceAccount: draft.interfaceAccount } : {}),
      ...(draft.token !== undefined ? { token: { value: draft.token.value } } : {}),
      paymentMethodStatus: draft.paymentMethodStatus ?? 'Inactive',
      default: draft.default ?? false,
      ...(custom ? { custom } : {}),
    };
  }

  override create(ctx: RequestContext, draft: PaymentMethodDraft, expand?: readonly string[]): Promise<PaymentMethod> {
    if (draft.default && draft.paymentMethodStatus !== 'Active') throw new InvalidOperationError(NOT_ACTIVE);
    return this.createAlong(ctx, draft, expand, (tx, doc) => this.onlyDefault(tx, doc));
  }

  override update(
    ctx: RequestContext,
    at: DocumentAddress,
    update: { version: number; actions: readonly PaymentMethodUpdateAction[] },
    expand?: readonly string[],
  ): Promise<PaymentMethod> {
    // Only a method made the default takes the owner's lock (after its own row's): a write to the
    // current default itself never waits on a writer that would then wait on that row.
    if (!update.actions.some((a) => a.action === 'setDefault' && a.default)) return super.update(ctx, at, update, expand);
    return withTransaction(ctx, async (tx) => {
      const method = await super.update(tx, at, update);
      await this.onlyDefault(tx, method);
      return this.expanded(tx, method, expand);
    });
  }

  /**
   * When `method` is its owner's default, the owner's other default (if any) is one no more. Under
   * the owner's lock: of two methods made default at once, the later one's writer sees the first.
   */
  private async onlyDefault(tx: RequestContext, method: PaymentMethod): Promise<void> {
    if (!method.default) return;
    await lockUntilCommit(tx.db, `payment-method-default:${tx.projectKey}:${method.customer?.id ?? ''}:${method.businessUnit?.key ?? ''}`);
    await this.repository.forEachMatch(tx, sameOwnerDefaults(method), (other) =>
      this.repository.replace(tx, other, { ...structuredClone(other), default: false }),
    );
  }
}
