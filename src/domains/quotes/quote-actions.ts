import type {
  BusinessUnit,
  MyQuoteChangeMyQuoteStateAction,
  MyQuoteRequestCancelAction,
  Quote,
  QuoteChangeCustomerAction,
  QuoteRequest,
  QuoteRequestUpdateAction,
  QuoteUpdateAction,
  StagedQuote,
  StagedQuoteUpdateAction,
} from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { InvalidOperationError } from '../../errors/api-error.js';
import { resolveCustomerId } from '../../resources/reference-resolvers.js';
import { customFieldActions } from '../types/index.js';
import type { DocumentRepository } from '../../resources/document-repository.js';
import { assertStillBelongs } from '../business-units/index.js';
import { transition } from '../states/index.js';
import { setOptional, type ActionHandlers } from '../../resources/update-actions.js';

type Units = () => DocumentRepository<BusinessUnit>;

/** changeCustomer on a quote request or quote: the customer must exist and, on a unit's, be one of its associates. */
async function changeCustomer(
  ctx: RequestContext,
  units: Units,
  doc: QuoteRequest | Quote,
  a: QuoteChangeCustomerAction,
  kind: 'quote request' | 'quote',
): Promise<void> {
  const customerId = await resolveCustomerId(ctx, a.customer);
  await assertStillBelongs(ctx, units(), doc.businessUnit, { customerId, ...(doc.store ? { store: doc.store } : {}) }, kind);
  doc.customer = { typeId: 'customer', id: customerId };
}

/** The merchant's quote request actions. */
export function quoteRequestActions(units: Units): ActionHandlers<QuoteRequest, QuoteRequestUpdateAction> {
  return {
    changeQuoteRequestState: (request, a) => void (request.quoteRequestState = a.quoteRequestState),
    changeCustomer: (request, a, ctx) => changeCustomer(ctx, units, request, a, 'quote request'),
    transitionState: async (request, a, ctx) => void (request.state = await transition(ctx, request.state, a.state, 'QuoteRequestState', a.force)),
    ...customFieldActions('quote-request'),
  };
}

/** A buyer's own (/me, and an associate's): only cancelling a request the seller has not answered yet. */
export const myQuoteRequestActions: ActionHandlers<QuoteRequest, MyQuoteRequestCancelAction> = {
  cancelQuoteRequest: (request) => {
    if (request.quoteRequestState !== 'Submitted')
      throw new InvalidOperationError(`The quote request is ${request.quoteRequestState}: only a Submitted one can be cancelled.`);
    request.quoteRequestState = 'Cancelled';
  },
};

export const stagedQuoteActions: ActionHandlers<StagedQuote, StagedQuoteUpdateAction> = {
  changeStagedQuoteState: (staged, a) => void (staged.stagedQuoteState = a.stagedQuoteState),
  setSellerComment: (staged, a) => setOptional(staged, 'sellerComment', a.sellerComment),
  setValidTo: (staged, a) => setOptional(staged, 'validTo', a.validTo),
  transitionState: async (staged, a, ctx) => void (staged.state = await transition(ctx, staged.state, a.state, 'StagedQuoteState', a.force)),
  ...customFieldActions('staged-quote'),
};

function assertPending(quote: Quote, what: string): void {
  if (quote.quoteState !== 'Pending') throw new InvalidOperationError(`The quote is ${quote.quoteState}: only a Pending quote can be ${what}.`);
}

/** The buyer asks for a new offer: the seller addresses it with a new quote of the same staged quote. */
function requestRenegotiation(quote: Quote, buyerComment: string | undefined): void {
  assertPending(quote, 'renegotiated');
  quote.quoteState = 'DeclinedForRenegotiation';
  setOptional(quote, 'buyerComment', buyerComment);
}

/** The merchant's quote actions: any state change, besides the buyer's renegotiation request. */
export function quoteActions(units: Units): ActionHandlers<Quote, QuoteUpdateAction> {
  return {
    changeQuoteState: (quote, a) => void (quote.quoteState = a.quoteState),
    requestQuoteRenegotiation: (quote, a) => requestRenegotiation(quote, a.buyerComment),
    changeCustomer: (quote, a, ctx) => changeCustomer(ctx, units, quote, a, 'quote'),
    transitionState: async (quote, a, ctx) => void (quote.state = await transition(ctx, quote.state, a.state, 'QuoteState', a.force)),
    ...customFieldActions('quote'),
  };
}

/** A buyer answers a Pending quote: accepts or declines it. */
function answer(quote: Quote, state: string): void {
  if (state !== 'Accepted' && state !== 'Declined') throw new InvalidOperationError(`A buyer can only accept or decline a quote, not set it to ${state}.`);
  assertPending(quote, state === 'Accepted' ? 'accepted' : 'declined');
  quote.quoteState = state;
}

export const myQuoteActions: ActionHandlers<Quote, MyQuoteChangeMyQuoteStateAction> = {
  changeMyQuoteState: (quote, a) => answer(quote, a.quoteState),
};

/**
 * An associate's quote actions (the buyer's side, each with its permission, see quote-as-associate.ts):
 * accept or decline, ask to renegotiate, hand the quote to another associate of the unit. The seller's
 * own fields (custom fields, workflow states) are not the buyer's to change.
 */
export function associateQuoteActions(units: Units): ActionHandlers<Quote, QuoteUpdateAction> {
  const sellers = (what: string) => () => {
    throw new InvalidOperationError(`An associate cannot ${what} of a quote: it is the seller's to change.`);
  };
  return {
    changeQuoteState: (quote, a) => answer(quote, a.quoteState),
    requestQuoteRenegotiation: (quote, a) => requestRenegotiation(quote, a.buyerComment),
    changeCustomer: (quote, a, ctx) => changeCustomer(ctx, units, quote, a, 'quote'),
    transitionState: sellers('change the workflow state'),
    setCustomType: sellers('change the custom fields'),
    setCustomField: sellers('change the custom fields'),
  };
}

/**
 * An associate's quote request actions: cancelling a Submitted request and handing it to another
 * associate of the unit; the seller's fields (its answer, custom fields, workflow states) are not the buyer's.
 */
export function associateQuoteRequestActions(units: Units): ActionHandlers<QuoteRequest, QuoteRequestUpdateAction> {
  const sellers = (what: string) => () => {
    throw new InvalidOperationError(`An associate cannot ${what} of a quote request: it is the seller's to change.`);
  };
  return {
    changeQuoteRequestState: (request, a, ctx) => {
      if (a.quoteRequestState !== 'Cancelled')
        throw new InvalidOperationError(`An associate can only cancel a quote request, not set it to ${a.quoteRequestState}.`);
      return myQuoteRequestActions.cancelQuoteRequest(request, { action: 'cancelQuoteRequest' }, ctx);
    },
    changeCustomer: (request, a, ctx) => changeCustomer(ctx, units, request, a, 'quote request'),
    transitionState: sellers('change the workflow state'),
    setCustomType: sellers('change the custom fields'),
    setCustomField: sellers('change the custom fields'),
  };
}
