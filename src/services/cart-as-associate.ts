import type { BusinessUnit, Cart, CartDraft, CartUpdateAction, ResourceIdentifier } from '../../generated/openapi/client/types.gen.js';
import { assertAssociatePermission } from '../auth/associate-permissions.js';
import type { RequestContext } from '../context.js';
import type { JsonText } from '../db/json-text.js';
import { AssociateMissingPermissionError, InvalidOperationError, ResourceNotFoundError } from '../errors/api-error.js';
import type { PagedQueryResult, PredicateVariables, QueryParams, SqlFragment } from '../query/index.js';
import { roleKeysOf, unitRef } from './business-unit-hierarchy.js';
import { rolePermissions } from './business-unit-references.js';
import type { CartService } from './cart.service.js';
import type { DocumentAddress } from './document-repository.js';
import { resolveIdentifier } from './resource-identifiers.js';
import { notFound } from './versioning.js';

type Update = { version: number; actions: readonly CartUpdateAction[] };

/** The customer acting, its unit (from the path) and its permissions there, read on every request (a changed role counts at once). */
interface Acting {
  associateId: string;
  unit: BusinessUnit;
  held: ReadonlySet<string>;
}

/** Each kind of access and the permissions it needs on the associate's own cart and on another customer's. */
const ACCESS = {
  view: { what: 'view carts', my: 'ViewMyCarts', others: 'ViewOthersCarts' },
  create: { what: 'create carts', my: 'CreateMyCarts', others: 'CreateOthersCarts' },
  update: { what: 'update carts', my: 'UpdateMyCarts', others: 'UpdateOthersCarts' },
  delete: { what: 'delete carts', my: 'DeleteMyCarts', others: 'DeleteOthersCarts' },
} as const;
type Access = (typeof ACCESS)[keyof typeof ACCESS];

/**
 * Associate Carts (`/{projectKey}/as-associate/{associateId}/in-business-unit/key={businessUnitKey}/carts…`):
 * the carts of one business unit as a customer acting for it. The router puts the path's associate
 * and unit on the request context; each operation reads the unit and the associate's roles in it
 * (explicit and inherited) and needs the permission for the cart's customer: the `…My…` one for the
 * associate's own cart, the `…Others…` one for anyone else's (403 AssociateMissingPermission, naming
 * that customer). Reading accepts either permission for the associate's own carts.
 *
 * Decisions where the platform's documentation is silent:
 * - A customer who is not an associate of the unit (or no customer at all) holds no permission there:
 *   403 AssociateMissingPermission, as for an associate without the permission.
 * - A cart created without `customerId` is the associate's own (`customerId` = the associate).
 * - The unit's carts are read-only while it is Inactive (400 InvalidOperation), as the unit itself is
 *   through the as-associate endpoints.
 * - `setBusinessUnit` moves a cart only into a unit where the associate holds the same update permission.
 */
export function cartsAsAssociate(carts: CartService) {
  const repository = carts.repository;
  const units = () => carts.businessUnits;

  async function acting(ctx: RequestContext): Promise<Acting> {
    const { associateId, businessUnitKey } = ctx;
    if (associateId === undefined || businessUnitKey === undefined) throw new Error('an associate cart operation without an associate and a business unit in its path');
    const unit = await units().find(ctx, { key: businessUnitKey });
    if (!unit) throw new ResourceNotFoundError(businessUnitKey, `The BusinessUnit with key '${businessUnitKey}' was not found.`);
    return { associateId, unit, held: await rolePermissions(ctx, roleKeysOf(unit, associateId) ?? []) };
  }

  /** The permission `access` needs for a cart of `customerId` (the associate's own, or another customer's). */
  function need(a: Acting, access: Access, customerId: string | undefined, unit = a.unit, held = a.held): void {
    if (customerId === a.associateId) {
      const accepted = access === ACCESS.view ? [access.my, access.others] : [access.my];
      assertAssociatePermission(held, a.associateId, unit.key, access.what, accepted);
    } else {
      assertAssociatePermission(held, a.associateId, unit.key, access.what, [access.others], customerId);
    }
  }

  function writable(a: Acting): void {
    if (a.unit.status === 'Inactive') {
      throw new InvalidOperationError(`The business unit '${a.unit.key}' is Inactive: its carts can be changed only through the general cart endpoints.`);
    }
  }

  /** The cart at `at` if it belongs to the unit: 404 when there is none, 400 InvalidOperation when it is another unit's (documented). */
  async function unitCart(ctx: RequestContext, a: Acting, at: DocumentAddress): Promise<Cart> {
    const cart = await repository.find(ctx, at);
    if (!cart) throw notFound(at);
    if (cart.businessUnit?.key !== a.unit.key) throw new InvalidOperationError(`The cart '${cart.id}' does not belong to the business unit '${a.unit.key}'.`);
    return cart;
  }

  /** What a query of the unit's carts may see: all of them with ViewOthersCarts, the associate's own with ViewMyCarts alone. */
  function visible(ctx: RequestContext, a: Acting): SqlFragment {
    const p = (n: number) => (ctx.db.dialect === 'postgresql' ? `$${n}` : '?');
    if (a.held.has(ACCESS.view.others)) return { sql: `"businessUnitKey" = ${p(1)}`, params: [a.unit.key] };
    if (a.held.has(ACCESS.view.my)) return { sql: `"businessUnitKey" = ${p(1)} AND "customerId" = ${p(2)}`, params: [a.unit.key, a.associateId] };
    throw new AssociateMissingPermissionError(a.associateId, a.unit.key, ACCESS.view.what, [ACCESS.view.my, ACCESS.view.others]);
  }

  /** The update's own checks beyond the cart's: a new customer, or a new unit, needs the permission there too. */
  async function assertMayApply(ctx: RequestContext, a: Acting, cart: Cart, actions: readonly CartUpdateAction[]): Promise<void> {
    need(a, ACCESS.update, cart.customerId);
    for (const action of actions) {
      if (action.action === 'setCustomerId') need(a, ACCESS.update, action.customerId);
      if (action.action === 'setBusinessUnit') await assertMayMoveTo(ctx, a, cart, action.businessUnit);
    }
  }

  async function assertMayMoveTo(ctx: RequestContext, a: Acting, cart: Cart, target: ResourceIdentifier): Promise<void> {
    const unit = await resolveIdentifier(ctx, units(), target, 'businessUnit');
    need(a, ACCESS.update, cart.customerId, unit, await rolePermissions(ctx, roleKeysOf(unit, a.associateId) ?? []));
  }

  return {
    async create(ctx: RequestContext, draft: CartDraft, expand?: readonly string[]): Promise<Cart> {
      const a = await acting(ctx);
      writable(a);
      const customerId = draft.customerId ?? a.associateId;
      need(a, ACCESS.create, customerId);
      // The path's unit, whatever the draft names (documented); the cart's own rules check its customer and store.
      return carts.create(ctx, { ...draft, customerId, businessUnit: unitRef(a.unit.key) }, expand);
    },
    async getForResponse(ctx: RequestContext, at: DocumentAddress, expand?: readonly string[]): Promise<Cart | JsonText> {
      const a = await acting(ctx);
      const cart = await unitCart(ctx, a, at);
      need(a, ACCESS.view, cart.customerId);
      return expand?.length ? repository.get(ctx, { id: cart.id }, expand) : cart;
    },
    async exists(ctx: RequestContext, at: DocumentAddress): Promise<boolean> {
      const a = await acting(ctx);
      const cart = await repository.find(ctx, at);
      if (!cart || cart.businessUnit?.key !== a.unit.key) return false;
      need(a, ACCESS.view, cart.customerId);
      return true;
    },
    async query(ctx: RequestContext, params: QueryParams): Promise<PagedQueryResult<Cart>> {
      return repository.query(ctx, params, visible(ctx, await acting(ctx)));
    },
    async anyMatches(ctx: RequestContext, params: { where: readonly string[]; vars?: PredicateVariables }): Promise<boolean> {
      return repository.anyMatches(ctx, params, visible(ctx, await acting(ctx)));
    },
    // The checks are made on the cart as read; the write is conditional on the version the caller sent,
    // so a cart changed in between (another customer, another unit) is a 409, never a write past the check.
    async update(ctx: RequestContext, at: DocumentAddress, update: Update, expand?: readonly string[]): Promise<Cart> {
      const a = await acting(ctx);
      writable(a);
      const cart = await unitCart(ctx, a, at);
      await assertMayApply(ctx, a, cart, update.actions);
      return carts.update(ctx, { id: cart.id }, update, expand);
    },
    async delete(ctx: RequestContext, at: DocumentAddress, version: number, expand?: readonly string[]): Promise<Cart> {
      const a = await acting(ctx);
      writable(a);
      const cart = await unitCart(ctx, a, at);
      need(a, ACCESS.delete, cart.customerId);
      return carts.delete(ctx, { id: cart.id }, version, expand);
    },
  };
}
