import type { Cart, Order } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import type { Dialect } from '../../db/sql-runner.js';
import { sql } from '../../db/statements.js';
import type { PagedQueryResult, PredicateVariables, QueryParams, SqlFragment } from '../../query/index.js';
import { NoCustomerInTokenError, ResourceNotFoundError } from '../../errors/api-error.js';
import type { DocumentAddress, DocumentRepository, VersionedDocument } from '../document-repository.js';
import { customerResource } from '../queryable-resources.js';
import { notFound } from '../versioning.js';

const CUSTOMER = sql(`SELECT $DATA AS "data" FROM "${customerResource.table}" WHERE "projectKey" = ? AND "id" = ?`);
const CUSTOMER_STORES = sql(`SELECT "storeKeys" FROM "${customerResource.table}" WHERE "projectKey" = ? AND "id" = ?`);

const OF_CUSTOMER = sql('"customerId" = ?');
const OF_ANONYMOUS = sql('"anonymousId" = ? AND "customerId" IS NULL');
const OF_CUSTOMER_IN_STORE = sql('"customerId" = ? AND "storeKey" = ?');
const OF_ANONYMOUS_IN_STORE = sql('"anonymousId" = ? AND "customerId" IS NULL AND "storeKey" = ?');
const IN_STORE = sql('"storeKey" = ?');

/** Whose carts and orders a /me request sees: the token's customer, else its anonymous session. */
export type Owner = { customerId: string } | { anonymousId: string };

/**
 * The owner of the request's token. On an in-store request (`ctx.storeKey`) a customer must be one
 * of that store's: a customer of other stores only, or a global one, is answered as not found, as
 * `GET /in-store/key={storeKey}/me` answers it, so it can neither read nor create carts, orders,
 * lists or payments there (one indexed read of the customer's `storeKeys`, `,a,b,` as written by the
 * customers domain). Anonymous sessions are not tied to stores.
 */
export async function ownerOf(ctx: Pick<RequestContext, 'principal' | 'storeKey' | 'db' | 'projectKey'>): Promise<Owner> {
  const principal = ctx.principal;
  if (principal?.customerId) {
    if (ctx.storeKey !== undefined) {
      const storeKeys = await ctx.db.value<string>(CUSTOMER_STORES[ctx.db.dialect], [ctx.projectKey, principal.customerId]);
      if (!storeKeys?.includes(`,${ctx.storeKey},`))
        throw new ResourceNotFoundError(principal.customerId, `The Customer with ID '${principal.customerId}' was not found in the Store '${ctx.storeKey}'.`);
    }
    return { customerId: principal.customerId };
  }
  if (principal?.anonymousId) return { anonymousId: principal.anonymousId };
  throw new NoCustomerInTokenError();
}

/** An anonymous session sees only what no customer has taken over yet. */
export function owns(owner: Owner, doc: Pick<Cart | Order, 'customerId' | 'anonymousId'>): boolean {
  return 'customerId' in owner ? doc.customerId === owner.customerId : doc.anonymousId === owner.anonymousId && doc.customerId === undefined;
}

/** The owner as a query's base condition (on the indexed owner columns); with `storeKey`, only the carts or orders of that store. */
export function ownerCondition(dialect: Dialect, owner: Owner, storeKey?: string): SqlFragment {
  const id = 'customerId' in owner ? owner.customerId : owner.anonymousId;
  if (storeKey !== undefined) return { sql: ('customerId' in owner ? OF_CUSTOMER_IN_STORE : OF_ANONYMOUS_IN_STORE)[dialect], params: [id, storeKey] };
  return { sql: ('customerId' in owner ? OF_CUSTOMER : OF_ANONYMOUS)[dialect], params: [id] };
}

/** The carts or orders of one store as a query's base condition, on the indexed storeKey column. */
export function storeCondition(dialect: Dialect, storeKey: string): SqlFragment {
  return { sql: IN_STORE[dialect], params: [storeKey] };
}

/** Whether the cart or order is one an in-store request (`storeKey` set) may see; every one when there is no store in the path. */
export function inRequestStore(storeKey: string | undefined, doc: Pick<Cart | Order, 'store'>): boolean {
  return storeKey === undefined || doc.store?.key === storeKey;
}

/** The owner as fields of a new cart or order. */
export function ownerFields(owner: Owner): { customerId?: string; anonymousId?: string } {
  return 'customerId' in owner ? { customerId: owner.customerId } : { anonymousId: owner.anonymousId };
}

/** The owner as fields of a new shopping list or payment, which name their customer by a Reference. */
export function ownerReferenceFields(owner: Owner): { customer?: { typeId: 'customer'; id: string }; anonymousId?: string } {
  return 'customerId' in owner ? { customer: { typeId: 'customer', id: owner.customerId } } : { anonymousId: owner.anonymousId };
}

/** The customer a cart is given to (draft or setCustomerId): what the cart copies from it, or undefined when there is none. */
export async function readCustomer(
  ctx: Pick<RequestContext, 'db' | 'projectKey'>,
  id: string,
): Promise<{ email?: string; customerGroup?: Cart['customerGroup'] } | undefined> {
  const text = await ctx.db.value<string>(CUSTOMER[ctx.db.dialect], [ctx.projectKey, id]);
  return text === undefined ? undefined : JSON.parse(text);
}

/** Who owns a document and where it is: a cart or order has these fields, a list or payment maps to them. */
type OwnerColumns = Pick<Cart | Order, 'customerId' | 'anonymousId' | 'store'>;

/**
 * The /me view of the carts, orders, shopping lists or payments: the caller's own (its customer's, else
 * its anonymous session's), and on an in-store request only those of the store. Another's is 404 as if
 * it did not exist; queries and HEAD filter on the indexed owner and store columns. `columns` gives a
 * document's owner as carts and orders name it (shopping lists and payments name their customer by a
 * Reference).
 */
export function ownDocuments<D extends VersionedDocument>(repository: DocumentRepository<D>, columns: (doc: D) => OwnerColumns = (doc) => doc as OwnerColumns) {
  const mine = async (ctx: RequestContext) => ownerCondition(ctx.db.dialect, await ownerOf(ctx), ctx.storeKey);
  const find = async (ctx: RequestContext, at: DocumentAddress): Promise<D | undefined> => {
    const owner = await ownerOf(ctx);
    const doc = await repository.find(ctx, at);
    return doc && owns(owner, columns(doc)) && inRequestStore(ctx.storeKey, columns(doc)) ? doc : undefined;
  };
  return {
    find,
    async get(ctx: RequestContext, at: DocumentAddress | string, expand: readonly string[] = []): Promise<D> {
      const address = typeof at === 'string' ? { id: at } : at;
      const doc = await find(ctx, address);
      if (!doc) throw notFound(address);
      return expand.length > 0 ? repository.get(ctx, { id: doc.id }, expand) : doc;
    },
    async exists(ctx: RequestContext, at: DocumentAddress | string): Promise<boolean> {
      return (await find(ctx, typeof at === 'string' ? { id: at } : at)) !== undefined;
    },
    async query(ctx: RequestContext, params: QueryParams): Promise<PagedQueryResult<D>> {
      return repository.query(ctx, params, await mine(ctx));
    },
    async anyMatches(ctx: RequestContext, params: { where: readonly string[]; vars?: PredicateVariables }): Promise<boolean> {
      return repository.anyMatches(ctx, params, await mine(ctx));
    },
  };
}
