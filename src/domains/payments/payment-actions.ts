import type { CustomFieldsDraft, Payment, PaymentUpdateAction, Transaction, TransactionDraft } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { InvalidOperationError } from '../../errors/api-error.js';
import { newId } from '../../shared/ids.js';
import { resolveCustomerId } from '../../resources/reference-resolvers.js';
import { customFieldActions, customFieldsFromDraft, setCustomField, setCustomType } from '../types/index.js';
import { centMoney, moneyFromDraft, type CentPrecisionMoney, type MoneyDraft } from '../../shared/money/money.js';
import { transition } from '../states/index.js';
import { setOptional, type ActionHandlers } from '../../resources/update-actions.js';

/**
 * A payment's amounts are in cents of their currency (the platform's CentPrecisionMoney): a high
 * precision draft is kept at its rounded cent amount.
 */
export function centsFromDraft(draft: MoneyDraft, field: string): CentPrecisionMoney {
  const money = moneyFromDraft(draft, field);
  return centMoney(money.currencyCode, BigInt(money.centAmount));
}

/** A transaction from its draft: a new id, Initial unless the draft says otherwise. */
export async function transactionFromDraft(ctx: RequestContext, draft: TransactionDraft, field: string): Promise<Transaction> {
  const custom = await customFieldsFromDraft(ctx, 'transaction', draft.custom);
  return {
    id: newId(),
    ...(draft.timestamp !== undefined ? { timestamp: draft.timestamp } : {}),
    type: draft.type,
    amount: centsFromDraft(draft.amount, `${field}.amount`),
    ...(draft.interactionId !== undefined ? { interactionId: draft.interactionId } : {}),
    state: draft.state ?? 'Initial',
    ...(custom ? { custom } : {}),
    ...(draft.interfaceId !== undefined ? { interfaceId: draft.interfaceId } : {}),
  };
}

/** An interface interaction: custom fields of a Type for `payment-interface-interaction`. */
export async function interactionFromDraft(ctx: RequestContext, draft: CustomFieldsDraft) {
  return (await customFieldsFromDraft(ctx, 'payment-interface-interaction', draft))!;
}

/**
 * The transaction an action names. A my-payment has one transaction, so its setTransactionCustomField
 * names none (the platform's MyPaymentSetTransactionCustomFieldAction): that one is meant.
 */
function transaction(payment: Payment, id: string | undefined): Transaction {
  if (id === undefined) {
    if (payment.transactions.length !== 1) throw new InvalidOperationError('The payment has no single transaction: name the transaction by its id.');
    return payment.transactions[0];
  }
  const found = payment.transactions.find((t) => t.id === id);
  if (!found) throw new InvalidOperationError(`The payment has no transaction with the id '${id}'.`);
  return found;
}

/** The payment update actions (the merchant's; /me offers a subset of the same table). */
export const paymentActions: ActionHandlers<Payment, PaymentUpdateAction> = {
  addInterfaceInteraction: async (payment, a, ctx) =>
    void payment.interfaceInteractions.push(await interactionFromDraft(ctx, { type: a.type, fields: a.fields })),
  addTransaction: async (payment, a, ctx) => void payment.transactions.push(await transactionFromDraft(ctx, a.transaction, 'transaction')),
  changeAmountPlanned: (payment, a) => void (payment.amountPlanned = centsFromDraft(a.amount, 'amount')),
  changeTransactionInteractionId: (payment, a) => void (transaction(payment, a.transactionId).interactionId = a.interactionId),
  changeTransactionState: (payment, a) => void (transaction(payment, a.transactionId).state = a.state),
  changeTransactionTimestamp: (payment, a) => void (transaction(payment, a.transactionId).timestamp = a.timestamp),
  setTransactionInterfaceId: (payment, a) => setOptional(transaction(payment, a.transactionId), 'interfaceId', a.interfaceId),
  setTransactionCustomType: (payment, a, ctx) => setCustomType(ctx, 'transaction', transaction(payment, a.transactionId), a.type, a.fields),
  setTransactionCustomField: (payment, a, ctx) => setCustomField(ctx, transaction(payment, a.transactionId), a.name, a.value),
  setAnonymousId: (payment, a) => setOptional(payment, 'anonymousId', a.anonymousId),
  setCustomer: async (payment, a, ctx) =>
    setOptional(payment, 'customer', a.customer ? { typeId: 'customer', id: await resolveCustomerId(ctx, a.customer) } : undefined),
  setInterfaceId: (payment, a) => void (payment.interfaceId = a.interfaceId),
  setKey: (payment, a) => setOptional(payment, 'key', a.key),
  setMethodInfo: async (payment, a, ctx) => {
    const { action: _action, custom, ...fields } = a;
    const customFields = await customFieldsFromDraft(ctx, 'payment-method-info', custom);
    payment.paymentMethodInfo = { ...fields, ...(customFields ? { custom: customFields } : {}) };
  },
  setMethodInfoInterface: (payment, a) => void (payment.paymentMethodInfo.paymentInterface = a.interface),
  setMethodInfoMethod: (payment, a) => setOptional(payment.paymentMethodInfo, 'method', a.method),
  setMethodInfoName: (payment, a) => setOptional(payment.paymentMethodInfo, 'name', a.name),
  setMethodInfoInterfaceAccount: (payment, a) => setOptional(payment.paymentMethodInfo, 'interfaceAccount', a.interfaceAccount),
  setMethodInfoToken: (payment, a) => setOptional(payment.paymentMethodInfo, 'token', a.token),
  setMethodInfoCustomType: (payment, a, ctx) => setCustomType(ctx, 'payment-method-info', payment.paymentMethodInfo, a.type, a.fields),
  setMethodInfoCustomField: (payment, a, ctx) => setCustomField(ctx, payment.paymentMethodInfo, a.name, a.value),
  setStatusInterfaceCode: (payment, a) => setOptional(payment.paymentStatus, 'interfaceCode', a.interfaceCode),
  setStatusInterfaceText: (payment, a) => void (payment.paymentStatus.interfaceText = a.interfaceText),
  transitionState: async (payment, a, ctx) =>
    void (payment.paymentStatus.state = await transition(ctx, payment.paymentStatus.state, a.state, 'PaymentState', a.force)),
  ...customFieldActions('payment'),
};
