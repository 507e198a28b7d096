import type {
  MyPaymentDraft,
  MyPaymentUpdateAction,
  Payment,
  PaymentDraft,
  PaymentStatusDraft,
  PaymentUpdateAction,
} from '../../../generated/openapi/client/types.gen.js';
import { withTransaction, type RequestContext } from '../../context.js';
import { InvalidOperationError } from '../../errors/api-error.js';
import { resolveCustomerId } from '../../resources/reference-resolvers.js';
import { ownDocuments, ownerOf, ownerReferenceFields } from '../../resources/views/owner.js';
import { customFieldsFromDraft } from '../types/index.js';
import type { DocumentAddress, NewDocument } from '../../resources/document-repository.js';
import { DocumentService } from '../../resources/document-service.js';
import { centsFromDraft, interactionFromDraft, paymentActions, transactionFromDraft } from './payment-actions.js';
import { paymentOwner, paymentRepository } from './payment-info.js';
import { stateOfType } from '../states/index.js';

type Update<A> = { version: number; actions: readonly A[] };

/** The draft's status; its state must be a PaymentState. */
async function paymentStatusFromDraft(ctx: RequestContext, draft: PaymentStatusDraft | undefined): Promise<Payment['paymentStatus']> {
  const { state, ...fields } = draft ?? {};
  return { ...fields, ...(state ? { state: { typeId: 'state', id: (await stateOfType(ctx, state, 'PaymentState', 'paymentStatus.state')).id } } : {}) };
}

/**
 * Payments: what a customer is to pay (amountPlanned), how (paymentMethodInfo), what the payment
 * service provider said (paymentStatus, interfaceInteractions) and the money that moved (transactions).
 * A cart's or order's `paymentInfo` references them (addPayment / removePayment). A customer or
 * anonymous session manages its own through /me/payments until the payment has transactions; from
 * then on only the merchant (or its payment integration) changes it.
 */
export class PaymentService extends DocumentService<Payment, PaymentDraft, PaymentUpdateAction> {
  readonly repository = paymentRepository;
  protected readonly actions = paymentActions;
  /** The caller's own payments (/me). */
  readonly mine = ownDocuments(paymentRepository, paymentOwner);

  protected async fromDraft(ctx: RequestContext, draft: PaymentDraft): Promise<NewDocument<Payment>> {
    const { custom: methodCustom, ...method } = draft.paymentMethodInfo ?? {};
    const methodFields = await customFieldsFromDraft(ctx, 'payment-method-info', methodCustom);
    const custom = await customFieldsFromDraft(ctx, 'payment', draft.custom);
    const transactions = [];
    for (const [i, t] of (draft.transactions ?? []).entries()) transactions.push(await transactionFromDraft(ctx, t, `transactions[${i}]`));
    const interactions = [];
    for (const interaction of draft.interfaceInteractions ?? []) interactions.push(await interactionFromDraft(ctx, interaction));
    return {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      ...(draft.customer ? { customer: { typeId: 'customer', id: await resolveCustomerId(ctx, draft.customer) } } : {}),
      ...(draft.anonymousId !== undefined ? { anonymousId: draft.anonymousId } : {}),
      ...(draft.interfaceId !== undefined ? { interfaceId: draft.interfaceId } : {}),
      amountPlanned: centsFromDraft(draft.amountPlanned, 'amountPlanned'),
      paymentMethodInfo: { ...method, ...(methodFields ? { custom: methodFields } : {}) },
      paymentStatus: await paymentStatusFromDraft(ctx, draft.paymentStatus),
      transactions,
      interfaceInteractions: interactions,
      ...(custom ? { custom } : {}),
    };
  }

  /** POST /me/payments: the payment belongs to the token's customer or anonymous session. */
  async createMine(ctx: RequestContext, draft: MyPaymentDraft, expand?: readonly string[]): Promise<Payment> {
    const { transaction, ...rest } = draft;
    return this.create(ctx, { ...rest, ...ownerReferenceFields(await ownerOf(ctx)), ...(transaction ? { transactions: [transaction] } : {}) }, expand);
  }

  /** Documented: a customer changes or deletes its payment only while it has no transactions. */
  private async changeableMine(ctx: RequestContext, at: DocumentAddress): Promise<Payment> {
    const payment = await this.mine.get(ctx, at);
    if (payment.transactions.length > 0) throw new InvalidOperationError('The payment has transactions: it can no longer be changed or deleted through /me.');
    return payment;
  }

  updateMine(ctx: RequestContext, at: DocumentAddress, update: Update<MyPaymentUpdateAction>, expand?: readonly string[]): Promise<Payment> {
    return withTransaction(ctx, async (tx) => this.update(tx, { id: (await this.changeableMine(tx, at)).id }, update as Update<PaymentUpdateAction>, expand));
  }

  deleteMine(ctx: RequestContext, at: DocumentAddress, version: number, expand?: readonly string[]): Promise<Payment> {
    return withTransaction(ctx, async (tx) => this.delete(tx, { id: (await this.changeableMine(tx, at)).id }, version, expand));
  }
}
