import type {
  Cart,
  MyQuoteRequestDraft,
  MyQuoteRequestUpdate,
  QuoteRequest,
  QuoteRequestDraft,
  QuoteRequestUpdateAction,
} from '../../../generated/openapi/client/types.gen.js';
import { withTransaction, type RequestContext } from '../../context.js';
import { ReferencedResourceNotFoundError } from '../../errors/api-error.js';
import { madeFromUnitDocument, type Access, associateAccess } from '../business-units/index.js';
import { resolveCustomerId } from '../../resources/reference-resolvers.js';
import type { CartService } from '../carts/index.js';
import { ownDocuments, ownerOf, owns } from '../../resources/views/owner.js';
import { customFieldsFromDraft } from '../types/index.js';
import { DocumentRepository, type DocumentAddress, type NewDocument } from '../../resources/document-repository.js';
import { DocumentService } from '../../resources/document-service.js';
import { madeInStore } from '../../resources/views/in-store-documents.js';
import { associateQuoteRequestActions, myQuoteRequestActions, quoteRequestActions } from './quote-actions.js';
import { assertQuotable, quoteRequestOf } from './quote-snapshots.js';
import { quoteRequestResource } from '../../resources/queryable-resources.js';
import { resolveIdentifier } from '../../resources/resource-identifiers.js';
import { stateOfType } from '../states/index.js';
import { checkVersion } from '../../resources/versioning.js';

/** The owner, store and unit of a quote request or quote, as the /me view reads them (carts and orders name them so). */
export const quoteOwner = (doc: { customer?: { id: string }; store?: QuoteRequest['store'] }) => ({
  customerId: doc.customer?.id,
  anonymousId: undefined,
  store: doc.store,
});

/** A check of the cart a quote is requested for, in the request's transaction (it throws to refuse the cart). */
type CartAdmission = (tx: RequestContext, cart: Cart) => void | Promise<void>;

/**
 * Quote requests: a buyer's request for a quote on one of its carts, a snapshot of the cart (which stays
 * as it is). The merchant answers it (a staged quote, see staged-quote.service.ts) or changes its state;
 * the buyer can cancel it while it is Submitted, through /me or as an associate of the cart's unit.
 */
export class QuoteRequestService extends DocumentService<QuoteRequest, QuoteRequestDraft, QuoteRequestUpdateAction> {
  readonly repository = new DocumentRepository<QuoteRequest>({
    resource: quoteRequestResource,
    extraColumns: {
      names: ['customerId', 'anonymousId', 'storeKey', 'businessUnitKey', 'cartId'],
      values: (doc) => ({
        customerId: doc.customer.id,
        anonymousId: null,
        storeKey: doc.store?.key ?? null,
        businessUnitKey: doc.businessUnit?.key ?? null,
        cartId: doc.cart?.id ?? null,
      }),
    },
  });
  protected readonly actions = quoteRequestActions(() => this.businessUnits);
  /** The caller's own quote requests (/me). */
  readonly mine = ownDocuments(this.repository, quoteOwner);
  /** The Associate Quote Requests' view: the requests of the path's business unit, as the path's associate may see, make and cancel them. */
  readonly asAssociate = quoteRequestsAsAssociate(this);
  /** The in-store endpoints' view: the requests of the request's store, made only from its carts. */
  readonly inStore = madeInStore(this, 'quote request', 'cart', (ctx, draft, admit, expand) => this.createFromCart(ctx, draft, admit, expand));

  constructor(readonly carts: CartService) {
    super();
  }

  get businessUnits(): CartService['businessUnits'] {
    return this.carts.businessUnits;
  }

  protected fromDraft(): NewDocument<QuoteRequest> {
    throw new Error('quote requests are made from carts in create');
  }

  override create(ctx: RequestContext, draft: QuoteRequestDraft, expand?: readonly string[]): Promise<QuoteRequest> {
    return this.createFromCart(ctx, draft, undefined, expand);
  }

  /** A Submitted request for the cart the draft names, at the version the client saw; `admit` refuses carts a caller may not quote. */
  createFromCart(ctx: RequestContext, draft: QuoteRequestDraft, admit: CartAdmission | undefined, expand?: readonly string[]): Promise<QuoteRequest> {
    return withTransaction(ctx, async (tx) => {
      const cart = await resolveIdentifier(tx, this.carts.repository, draft.cart, 'cart');
      if (admit) await admit(tx, cart);
      checkVersion(cart.id, draft.cartVersion, cart.version);
      assertQuotable(cart);
      const custom = await customFieldsFromDraft(tx, 'quote-request', draft.custom);
      const state = draft.state ? await stateOfType(tx, draft.state, 'QuoteRequestState', 'state') : undefined;
      return this.repository.create(
        tx,
        {
          ...quoteRequestOf(cart),
          ...(draft.key !== undefined ? { key: draft.key } : {}),
          ...(draft.comment !== undefined ? { comment: draft.comment } : {}),
          ...(draft.purchaseOrderNumber !== undefined ? { purchaseOrderNumber: draft.purchaseOrderNumber } : {}),
          ...(state ? { state: { typeId: 'state', id: state.id } } : {}),
          ...(custom ? { custom } : {}),
        },
        expand,
      );
    });
  }

  /** POST /me/quote-requests: one of the caller's own carts; another's is as if it did not exist. */
  createMine(ctx: RequestContext, draft: MyQuoteRequestDraft, expand?: readonly string[]): Promise<QuoteRequest> {
    const own: CartAdmission = async (tx, cart) => {
      if (!owns(await ownerOf(tx), cart)) throw new ReferencedResourceNotFoundError('cart', { id: cart.id });
    };
    const { cartId, cartVersion, comment } = draft;
    return this.createFromCart(ctx, { cart: { typeId: 'cart', id: cartId }, cartVersion, ...(comment !== undefined ? { comment } : {}) }, own, expand);
  }

  updateMine(ctx: RequestContext, at: DocumentAddress, update: MyQuoteRequestUpdate, expand?: readonly string[]): Promise<QuoteRequest> {
    return withTransaction(ctx, async (tx) => this.repository.update(tx, { id: (await this.mine.get(tx, at)).id }, update, myQuoteRequestActions, expand));
  }
}

const VIEW: Access = { what: 'view quote requests', my: 'ViewMyQuoteRequests', others: 'ViewOthersQuoteRequests', read: true };
const UPDATE: Access = { what: 'update quote requests', my: 'UpdateMyQuoteRequests', others: 'UpdateOthersQuoteRequests' };
const CREATE: Access = { what: 'create quote requests', my: 'CreateMyQuoteRequestsFromMyCarts', others: 'CreateQuoteRequestsFromOthersCarts' };

/**
 * Associate Quote Requests (`/{projectKey}/as-associate/{associateId}/in-business-unit/key={businessUnitKey}/quote-requests…`),
 * with the permissions of associate-access.ts: ViewMy/OthersQuoteRequests to read,
 * CreateMyQuoteRequestsFromMyCarts / CreateQuoteRequestsFromOthersCarts to request a quote for a cart of
 * the unit, UpdateMy/OthersQuoteRequests to cancel one or hand it to another associate (which needs the
 * Others permission). A cart or request of another unit is 400 InvalidOperation, as for carts and orders.
 */
function quoteRequestsAsAssociate(requests: QuoteRequestService) {
  const units = () => requests.businessUnits;
  const actions = associateQuoteRequestActions(units);
  const view = associateAccess<QuoteRequest, QuoteRequestUpdateAction>(
    {
      get repository() {
        return requests.repository;
      },
      get businessUnits() {
        return units();
      },
      update: (ctx, at, update, expand) => requests.repository.update(ctx, at, update, actions, expand),
    },
    {
      kind: 'quote request',
      access: { view: VIEW, update: UPDATE },
      customerOf: (request) => request.customer.id,
      handsOver: async (ctx, action) => (action.action === 'changeCustomer' ? { customer: await resolveCustomerId(ctx, action.customer) } : undefined),
    },
  );
  return {
    ...view,
    async create(ctx: RequestContext, draft: QuoteRequestDraft, expand?: readonly string[]): Promise<QuoteRequest> {
      const admit = await madeFromUnitDocument(ctx, units(), {
        inactive: 'no quote can be requested for its carts',
        kind: 'cart',
        access: CREATE,
        customerOf: (cart: Cart) => cart.customerId,
      });
      return requests.createFromCart(ctx, draft, admit, expand);
    },
  };
}
