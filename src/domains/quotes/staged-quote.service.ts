import type { QuoteRequest, StagedQuote, StagedQuoteDraft, StagedQuoteUpdateAction } from '../../../generated/openapi/client/types.gen.js';
import { withTransaction, type RequestContext } from '../../context.js';
import { DuplicateFieldError, InvalidOperationError } from '../../errors/api-error.js';
import type { CartService } from '../carts/index.js';
import { customFieldsFromDraft } from '../types/index.js';
import { DocumentRepository, type NewDocument } from '../../resources/document-repository.js';
import { DocumentService } from '../../resources/document-service.js';
import { madeInStore } from '../../resources/views/in-store-documents.js';
import { stagedQuoteActions } from './quote-actions.js';
import type { QuoteRequestService } from './quote-request.service.js';
import { quotationCartOf } from './quote-snapshots.js';
import { stagedQuoteResource } from '../../resources/queryable-resources.js';
import { resolveIdentifier } from '../../resources/resource-identifiers.js';
import { stateOfType } from '../states/index.js';
import { checkVersion } from '../../resources/versioning.js';

/**
 * Staged quotes: the seller's answer to a quote request in preparation. Making one makes its quotation
 * cart, a cart of the buyer copied from the request (origin Quote), which the seller reprices through
 * the cart API before sending the offer (a quote, see quote.service.ts). A quote request has at most
 * one staged quote; all of it is written in one transaction.
 */
export class StagedQuoteService extends DocumentService<StagedQuote, StagedQuoteDraft, StagedQuoteUpdateAction> {
  readonly repository = new DocumentRepository<StagedQuote>({
    resource: stagedQuoteResource,
    extraColumns: { names: ['quoteRequestId', 'storeKey'], values: (doc) => ({ quoteRequestId: doc.quoteRequest.id, storeKey: doc.store?.key ?? null }) },
    uniqueRules: (doc) => [
      { model: 'StagedQuote', fields: ['projectKey', 'quoteRequestId'], error: () => new DuplicateFieldError('quoteRequest', doc.quoteRequest.id) },
    ],
  });
  protected readonly actions = stagedQuoteActions;
  /** The in-store endpoints' view: the staged quotes of the request's store, made only from its quote requests. */
  readonly inStore = madeInStore(this, 'staged quote', 'quote-request', (ctx, draft, admit, expand) => this.createFrom(ctx, draft, admit, expand));

  constructor(
    private readonly requests: QuoteRequestService,
    private readonly carts: CartService,
  ) {
    super();
  }

  protected fromDraft(): NewDocument<StagedQuote> {
    throw new Error('staged quotes are made from quote requests in create');
  }

  /** The request must be Submitted, or Accepted already (`quoteRequestStateToAccepted` accepts it in the same transaction). */
  override create(ctx: RequestContext, draft: StagedQuoteDraft, expand?: readonly string[]): Promise<StagedQuote> {
    return this.createFrom(ctx, draft, undefined, expand);
  }

  /** `admit` refuses requests the caller may not answer here (one of another store, on an in-store request). */
  createFrom(
    ctx: RequestContext,
    draft: StagedQuoteDraft,
    admit: ((tx: RequestContext, request: QuoteRequest) => void) | undefined,
    expand?: readonly string[],
  ): Promise<StagedQuote> {
    return withTransaction(ctx, async (tx) => {
      const request = await resolveIdentifier(tx, this.requests.repository, draft.quoteRequest, 'quoteRequest');
      admit?.(tx, request);
      checkVersion(request.id, draft.quoteRequestVersion, request.version);
      if (request.quoteRequestState !== 'Submitted' && request.quoteRequestState !== 'Accepted') {
        throw new InvalidOperationError(
          `The quote request is ${request.quoteRequestState}: only a Submitted or Accepted one can be answered with a staged quote.`,
        );
      }
      const custom = await customFieldsFromDraft(tx, 'staged-quote', draft.custom);
      const state = draft.state ? await stateOfType(tx, draft.state, 'StagedQuoteState', 'state') : undefined;
      if (draft.quoteRequestStateToAccepted && request.quoteRequestState !== 'Accepted') {
        await this.requests.repository.replace(tx, request, { ...structuredClone(request), quoteRequestState: 'Accepted' });
      }
      const cart = await this.carts.repository.create(tx, quotationCartOf(request));
      return this.repository.create(
        tx,
        {
          stagedQuoteState: 'InProgress',
          customer: request.customer,
          quoteRequest: { typeId: 'quote-request', id: request.id },
          quotationCart: { typeId: 'cart', id: cart.id },
          ...(request.purchaseOrderNumber !== undefined ? { purchaseOrderNumber: request.purchaseOrderNumber } : {}),
          ...(request.businessUnit ? { businessUnit: request.businessUnit } : {}),
          ...(request.store ? { store: request.store } : {}),
          ...(draft.key !== undefined ? { key: draft.key } : {}),
          ...(state ? { state: { typeId: 'state', id: state.id } } : {}),
          ...(custom ? { custom } : {}),
        },
        expand,
      );
    });
  }
}
