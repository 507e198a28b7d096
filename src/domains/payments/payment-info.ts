import type { Payment, PaymentInfo, ResourceIdentifier } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { InvalidOperationError, ReferencedResourceNotFoundError } from '../../errors/api-error.js';
import { ownerOf, owns } from '../../resources/views/owner.js';
import { DocumentRepository } from '../../resources/document-repository.js';
import { paymentResource } from '../../resources/queryable-resources.js';
import { resolveIdentifier } from '../../resources/resource-identifiers.js';

/**
 * The stored payments. Shared by the payment service and by the carts and orders whose `paymentInfo`
 * references them (addPayment / removePayment).
 */
export const paymentRepository = new DocumentRepository<Payment>({
  resource: paymentResource,
  extraColumns: { names: ['customerId', 'anonymousId'], values: (doc) => ({ customerId: doc.customer?.id ?? null, anonymousId: doc.anonymousId ?? null }) },
});

/** The owner columns of a payment: /me reads and the sign-in reassignment find a caller's payments on them. */
export const paymentOwner = (payment: Payment) => ({ customerId: payment.customer?.id, anonymousId: payment.anonymousId });

/**
 * The payment an identifier names, by id or key; 400 ReferencedResourceNotFound when there is none, or
 * when a customer or anonymous session (a /me request) names a payment that is not its own.
 */
async function referencedPayment(ctx: RequestContext, identifier: ResourceIdentifier): Promise<Payment> {
  const payment = await resolveIdentifier(ctx, paymentRepository, identifier, 'payment');
  const callerIsOwner = ctx.principal?.customerId !== undefined || ctx.principal?.anonymousId !== undefined;
  if (callerIsOwner && !owns(await ownerOf(ctx), paymentOwner(payment))) throw new ReferencedResourceNotFoundError('payment', identifier);
  return payment;
}

/** addPayment on a cart or order: the payment joins its paymentInfo, once. */
export async function addPayment(
  ctx: RequestContext,
  doc: { paymentInfo?: PaymentInfo },
  identifier: ResourceIdentifier,
  kind: 'cart' | 'order',
): Promise<void> {
  const payment = await referencedPayment(ctx, identifier);
  const payments = doc.paymentInfo?.payments ?? [];
  if (payments.some((p) => p.id === payment.id)) throw new InvalidOperationError(`The ${kind} has the payment '${payment.id}' already.`);
  doc.paymentInfo = { payments: [...payments, { typeId: 'payment', id: payment.id }] };
}

/** removePayment on a cart or order: the payment leaves its paymentInfo (which goes when it is empty). */
export async function removePayment(
  ctx: RequestContext,
  doc: { paymentInfo?: PaymentInfo },
  identifier: ResourceIdentifier,
  kind: 'cart' | 'order',
): Promise<void> {
  // By id the payment may be gone already (deleted): its reference can still be removed.
  const id = identifier.id ?? (await referencedPayment(ctx, identifier)).id;
  const payments = doc.paymentInfo?.payments ?? [];
  if (!payments.some((p) => p.id === id)) throw new InvalidOperationError(`The ${kind} has no payment '${id}'.`);
  const rest = payments.filter((p) => p.id !== id);
  if (rest.length > 0) doc.paymentInfo = { payments: rest };
  else delete doc.paymentInfo;
}
