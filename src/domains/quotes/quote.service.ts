import type {
  MyOrderFromQuoteDraft,
  MyQuoteUpdate,
  Order,
  OrderFromQuoteDraft,
  Quote,
  QuoteDraft,
  QuoteUpdateAction,
  StagedQuote,
} from '../../../generated/openapi/client/types.gen.js';
import { withTransaction, type RequestContext } from '../../context.js';
import { InvalidOperationError, RequiredFieldError } from '../../errors/api-error.js';
import type { CartService } from '../carts/index.js';
import { inRequestStore, ownDocuments, ownerOf, owns } from '../../resources/views/owner.js';
import { customFieldsFromDraft } from '../types/index.js';
import { DocumentRepository, type DocumentAddress, type NewDocument } from '../../resources/document-repository.js';
import { DocumentService } from '../../resources/document-service.js';
import { madeInStore } from '../../resources/views/in-store-documents.js';
import { takeStock } from '../catalog/index.js';
import type { OrderFollowUp, OrderService } from '../orders/index.js';
import { myQuoteActions, quoteActions } from './quote-actions.js';
import { quotesAsAssociate, type QuoteAdmission } from './quote-as-associate.js';
import { quoteOwner } from './quote-request.service.js';
import { orderOf, quoteOf } from './quote-snapshots.js';
import { quoteResource } from '../../resources/queryable-resources.js';
import { resolveIdentifier } from '../../resources/resource-identifiers.js';
import type { StagedQuoteService } from './staged-quote.service.js';
import { stateOfType } from '../states/index.js';
import { checkVersion, notFound } from '../../resources/versioning.js';

/**
 * Quotes: the seller's offer, a snapshot of a staged quote's quotation cart. The buyer accepts or
 * declines a Pending quote, asks to renegotiate it (the seller answers with a new quote of the same
 * staged quote, which marks the earlier one RenegotiationAddressed) or orders it: the order is a
 * snapshot of the quote and orders the quotation cart, so a quote is ordered at most once.
 */
export class QuoteService extends DocumentService<Quote, QuoteDraft, QuoteUpdateAction> {
  readonly repository = new DocumentRepository<Quote>({
    resource: quoteResource,
    extraColumns: {
      names: ['customerId', 'anonymousId', 'storeKey', 'businessUnitKey', 'stagedQuoteId'],
      values: (doc) => ({
        customerId: doc.customer?.id ?? null,
        anonymousId: null,
        storeKey: doc.store?.key ?? null,
        businessUnitKey: doc.businessUnit?.key ?? null,
        stagedQuoteId: doc.stagedQuote.id,
      }),
    },
  });
  protected readonly actions = quoteActions(() => this.businessUnits);
  /** The caller's own quotes (/me). */
  readonly mine = ownDocuments(this.repository, quoteOwner);
  /** The Associate Quotes' view (quote-as-associate.ts). */
  readonly asAssociate = quotesAsAssociate(this);
  /** The in-store endpoints' view: the quotes of the request's store, made only from its staged quotes. */
  readonly inStore = madeInStore(this, 'quote', 'staged-quote', (ctx, draft, admit, expand) => this.createFrom(ctx, draft, admit, expand));

  constructor(
    private readonly staged: StagedQuoteService,
    private readonly carts: CartService,
    readonly orders: OrderService,
  ) {
    super();
  }

  get businessUnits(): CartService['businessUnits'] {
    return this.carts.businessUnits;
  }

  protected fromDraft(): NewDocument<Quote> {
    throw new Error('quotes are made from staged quotes in create');
  }

  /** The staged quote must not be Closed; `stagedQuoteStateToSent` marks it Sent in the same transaction. */
  override create(ctx: RequestContext, draft: QuoteDraft, expand?: readonly string[]): Promise<Quote> {
    return this.createFrom(ctx, draft, undefined, expand);
  }

  /** `admit` refuses staged quotes the caller may not send here (one of another store, on an in-store request). */
  createFrom(
    ctx: RequestContext,
    draft: QuoteDraft,
    admit: ((tx: RequestContext, staged: StagedQuote) => void) | undefined,
    expand?: readonly string[],
  ): Promise<Quote> {
    return withTransaction(ctx, async (tx) => {
      const staged = await resolveIdentifier(tx, this.staged.repository, draft.stagedQuote, 'stagedQuote');
      admit?.(tx, staged);
      checkVersion(staged.id, draft.stagedQuoteVersion, staged.version);
      if (staged.stagedQuoteState === 'Closed') throw new InvalidOperationError('The staged quote is Closed: no quote can be made from it.');
      const cart = await this.carts.repository.find(tx, { id: staged.quotationCart.id });
      if (!cart) throw new InvalidOperationError(`The quotation cart '${staged.quotationCart.id}' of the staged quote no longer exists.`);
      const custom = await customFieldsFromDraft(tx, 'quote', draft.custom);
      const state = draft.state ? await stateOfType(tx, draft.state, 'QuoteState', 'state') : undefined;
      if (draft.stagedQuoteStateToSent && staged.stagedQuoteState !== 'Sent') {
        await this.staged.repository.replace(tx, staged, { ...structuredClone(staged), stagedQuoteState: 'Sent' });
      }
      // This quote answers the buyer's requests to renegotiate the earlier ones.
      await this.repository.forEachMatch(
        tx,
        { where: ['stagedQuote(id = :id) and quoteState = "DeclinedForRenegotiation"'], vars: { id: [staged.id] } },
        (earlier) => this.repository.replace(tx, earlier, { ...structuredClone(earlier), quoteState: 'RenegotiationAddressed' }),
      );
      return this.repository.create(
        tx,
        {
          ...quoteOf(staged, cart),
          ...(draft.key !== undefined ? { key: draft.key } : {}),
          ...(state ? { state: { typeId: 'state', id: state.id } } : {}),
          ...(custom ? { custom } : {}),
        },
        expand,
      );
    });
  }

  updateMine(ctx: RequestContext, at: DocumentAddress, update: MyQuoteUpdate, expand?: readonly string[]): Promise<Quote> {
    return withTransaction(ctx, async (tx) => this.repository.update(tx, { id: (await this.mine.get(tx, at)).id }, update, myQuoteActions, expand));
  }

  /**
   * Orders the quote the draft names at the version the client saw. It must be Pending (or Accepted)
   * and valid (`validTo` not past); `quoteStateToAccepted` accepts it in the same transaction. The
   * quotation cart becomes Ordered, so a second order of it (or of another quote of its staged quote)
   * is refused.
   */
  order(ctx: RequestContext, draft: OrderFromQuoteDraft, admit: QuoteAdmission | undefined, expand?: readonly string[], after?: OrderFollowUp): Promise<Order> {
    const at: DocumentAddress | undefined =
      draft.quote.id !== undefined ? { id: draft.quote.id } : draft.quote.key !== undefined ? { key: draft.quote.key } : undefined;
    if (at === undefined) throw new RequiredFieldError('quote.id');
    return withTransaction(ctx, async (tx) => {
      const quote = await this.repository.find(tx, at);
      if (!quote) throw notFound(at);
      if (admit) await admit(tx, quote);
      checkVersion(quote.id, draft.version, quote.version);
      if (quote.quoteState !== 'Pending' && quote.quoteState !== 'Accepted')
        throw new InvalidOperationError(`The quote is ${quote.quoteState}: only a Pending or Accepted quote can be ordered.`);
      if (quote.validTo !== undefined && Date.parse(quote.validTo) < tx.app.clock.now())
        throw new InvalidOperationError(`The quote was valid until ${quote.validTo}: it can no longer be ordered.`);
      const staged = await this.staged.repository.find(tx, { id: quote.stagedQuote.id });
      const cart = staged && (await this.carts.repository.find(tx, { id: staged.quotationCart.id }));
      if (!cart) throw new InvalidOperationError('The quotation cart of the quote no longer exists: the quote cannot be ordered.');
      if (cart.cartState !== 'Active')
        throw new InvalidOperationError(`The quotation cart of the quote is ${cart.cartState}: the quote has been ordered already.`);
      const state = draft.state ? await stateOfType(tx, draft.state, 'OrderState', 'state') : undefined;
      await takeStock(tx, { ...cart, lineItems: quote.lineItems });
      const order = await this.orders.repository.create(
        tx,
        { ...orderOf(quote, cart, draft), ...(state ? { state: { typeId: 'state', id: state.id } } : {}) },
        expand,
      );
      await this.carts.repository.replace(tx, cart, { ...structuredClone(cart), cartState: 'Ordered' });
      if (draft.quoteStateToAccepted && quote.quoteState !== 'Accepted')
        await this.repository.replace(tx, quote, { ...structuredClone(quote), quoteState: 'Accepted' });
      await after?.(tx, order);
      return order;
    });
  }

  /** POST /in-store/key={storeKey}/orders/quotes: only a quote of the store; another's is as if it did not exist. */
  orderInStore(ctx: RequestContext, draft: OrderFromQuoteDraft, expand?: readonly string[]): Promise<Order> {
    const inStore: QuoteAdmission = (tx, quote) => {
      if (!inRequestStore(tx.storeKey, quote)) throw notFound({ id: quote.id });
    };
    return this.order(ctx, draft, inStore, expand);
  }

  /** POST /me/orders/quotes: one of the caller's own quotes; another's is as if it did not exist. */
  orderMine(ctx: RequestContext, draft: MyOrderFromQuoteDraft, expand?: readonly string[]): Promise<Order> {
    const { id, version, quoteStateToAccepted } = draft;
    const own: QuoteAdmission = async (tx, quote) => {
      if (!owns(await ownerOf(tx), quoteOwner(quote))) throw notFound({ id: quote.id });
    };
    return this.order(ctx, { quote: { typeId: 'quote', id }, version, ...(quoteStateToAccepted !== undefined ? { quoteStateToAccepted } : {}) }, own, expand);
  }
}
