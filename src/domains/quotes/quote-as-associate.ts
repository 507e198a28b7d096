import type { BusinessUnit, Order, OrderFromQuoteDraft, Quote, QuoteUpdateAction } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { actingAssociate, assertActive, assertMay, assertOfUnit, madeFromUnitDocument, type Access, associateAccess } from '../business-units/index.js';
import type { DocumentAddress, DocumentRepository } from '../../resources/document-repository.js';
import { associateQuoteActions } from './quote-actions.js';
import type { OrderApprovals, OrderFollowUp } from '../orders/index.js';

/** A check of the quote an order is made from, in the order's transaction (it throws to refuse the quote). */
export type QuoteAdmission = (tx: RequestContext, quote: Quote) => void | Promise<void>;

/** What the associate view needs from the quote service. */
interface QuotesPort {
  readonly repository: DocumentRepository<Quote>;
  readonly businessUnits: DocumentRepository<BusinessUnit>;
  readonly orders: { readonly approvals?: OrderApprovals };
  order(ctx: RequestContext, draft: OrderFromQuoteDraft, admit: QuoteAdmission | undefined, expand?: readonly string[], after?: OrderFollowUp): Promise<Order>;
}
import { notFound } from '../../resources/versioning.js';

const VIEW: Access = { what: 'view quotes', my: 'ViewMyQuotes', others: 'ViewOthersQuotes', read: true };
const ACCEPT: Access = { what: 'accept quotes', my: 'AcceptMyQuotes', others: 'AcceptOthersQuotes' };
const DECLINE: Access = { what: 'decline quotes', my: 'DeclineMyQuotes', others: 'DeclineOthersQuotes' };
const RENEGOTIATE: Access = { what: 'renegotiate quotes', my: 'RenegotiateMyQuotes', others: 'RenegotiateOthersQuotes' };
const REASSIGN: Access = { what: 'reassign quotes', my: 'ReassignMyQuotes', others: 'ReassignOthersQuotes' };
const ORDER: Access = { what: 'create orders', my: 'CreateMyOrdersFromMyQuotes', others: 'CreateOrdersFromOthersQuotes' };

/** The permission each of an associate's quote actions needs; the others are the seller's (refused by the action table). */
function accessFor(action: QuoteUpdateAction): Access | undefined {
  switch (action.action) {
    case 'changeQuoteState':
      return action.quoteState === 'Accepted' ? ACCEPT : DECLINE;
    case 'requestQuoteRenegotiation':
      return RENEGOTIATE;
    case 'changeCustomer':
      return REASSIGN;
    default:
      return undefined;
  }
}

/**
 * Associate Quotes (`/{projectKey}/as-associate/{associateId}/in-business-unit/key={businessUnitKey}/quotes…`
 * and `…/orders/quotes`): the quotes of one business unit for a customer acting for it. Reading needs
 * ViewMyQuotes or ViewOthersQuotes; each action its own permission (accept, decline, renegotiate,
 * reassign; My for the associate's own quote, Others for another's); ordering CreateMyOrdersFromMyQuotes
 * or CreateOrdersFromOthersQuotes. A quote of another unit is 400 InvalidOperation (404 on HEAD), and an
 * Inactive unit's quotes are read-only here.
 */
export function quotesAsAssociate(quotes: QuotesPort) {
  const units = () => quotes.businessUnits;
  const actions = associateQuoteActions(units);
  const { getForResponse, exists, query, anyMatches } = associateAccess<Quote, QuoteUpdateAction>(
    {
      get repository() {
        return quotes.repository;
      },
      get businessUnits() {
        return units();
      },
      update: () => Promise.reject(new Error('associate quote updates check each action (below)')),
    },
    { kind: 'quote', access: { view: VIEW, update: REASSIGN }, customerOf: (quote) => quote.customer?.id, handsOver: async () => undefined },
  );
  return {
    getForResponse,
    exists,
    query,
    anyMatches,
    async update(
      ctx: RequestContext,
      at: DocumentAddress,
      update: { version: number; actions: readonly QuoteUpdateAction[] },
      expand?: readonly string[],
    ): Promise<Quote> {
      const a = await actingAssociate(ctx, units());
      assertActive(a, 'its quotes can be changed only through the general endpoints');
      const quote = await quotes.repository.find(ctx, at);
      if (!quote) throw notFound(at);
      assertOfUnit(a, quote, 'quote');
      for (const action of update.actions) {
        const access = accessFor(action);
        if (access) assertMay(a, access, quote.customer?.id);
      }
      // Conditional on the version the caller sent: a quote changed since the checks is a 409.
      return quotes.repository.update(ctx, { id: quote.id }, update, actions, expand);
    },
    async order(ctx: RequestContext, draft: OrderFromQuoteDraft, expand?: readonly string[]): Promise<Order> {
      const admit = await madeFromUnitDocument(ctx, units(), {
        inactive: 'its quotes cannot be ordered',
        kind: 'quote',
        access: ORDER,
        customerOf: (quote: Quote) => quote.customer?.id,
      });
      return quotes.order(ctx, draft, admit, expand, (tx, order) => quotes.orders.approvals?.start(tx, order, ctx.associateId!) ?? Promise.resolve());
    },
  };
}
