import type { PaymentMethod, PaymentMethodDraft, PaymentMethodUpdateAction } from '../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../context.js';
import { resolveCustomerId, resolveUnitKey } from './business-unit-references.js';
import { customFieldActions, customFieldsFromDraft } from './custom-fields.js';
import { DocumentRepository, type NewDocument } from './document-repository.js';
import { DocumentService } from './document-service.js';
import { paymentMethodResource } from './queryable-resources.js';
import { setOptional, type ActionHandlers } from './update-actions.js';

const actions: ActionHandlers<PaymentMethod, PaymentMethodUpdateAction> = {
  setDefault: (doc, a) => void (doc.default = a.default),
  setInterfaceAccount: (doc, a) => setOptional(doc, 'interfaceAccount', a.interfaceAccount),
  setKey: (doc, a) => setOptional(doc, 'key', a.key),
  setMethod: (doc, a) => setOptional(doc, 'method', a.method),
  setName: (doc, a) => setOptional(doc, 'name', a.name),
  setPaymentInterface: (doc, a) => setOptional(doc, 'paymentInterface', a.paymentInterface),
  setPaymentMethodStatus: (doc, a) => void (doc.paymentMethodStatus = a.paymentMethodStatus),
  ...customFieldActions('payment-method'),
};

/**
 * Payment methods (openapi/schemas/payment-method.yaml): a customer's or a business unit's stored
 * means of payment. The owner is checked to exist; `default` is the client's to keep to one per owner.
 */
export class PaymentMethodService extends DocumentService<PaymentMethod, PaymentMethodDraft, PaymentMethodUpdateAction> {
  readonly repository = new DocumentRepository<PaymentMethod>({
    resource: paymentMethodResource,
    extraColumns: { names: ['customerId', 'businessUnitKey'], values: (doc) => ({ customerId: doc.customer?.id ?? null, businessUnitKey: doc.businessUnit?.key ?? null }) },
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
}
