import type { Cart, CartDraft, CartUpdateAction } from '../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../context.js';
import type { JsonText } from '../db/json-text.js';
import type { PagedQueryResult, PredicateVariables, QueryParams } from '../query/index.js';
import { actingAssociate, assertActive, assertMay, assertOfUnit, permissionsIn, visibleTo, type Access, type Acting } from './associate-access.js';
import { unitRef } from './business-unit-hierarchy.js';
import type { CartService } from './cart.service.js';
import type { DocumentAddress } from './document-repository.js';
import { resolveIdentifier } from './resource-identifiers.js';
import { notFound } from './versioning.js';

type Update = { version: number; actions: readonly CartUpdateAction[] };

const VIEW: Access = { what: 'view carts', my: 'ViewMyCarts', others: 'ViewOthersCarts', read: true };
const CREATE: Access = { what: 'create carts', my: 'CreateMyCarts', others: 'CreateOthersCarts' };
const UPDATE: Access = { what: 'update carts', my: 'UpdateMyCarts', others: 'UpdateOthersCarts' };
const DELETE: Access = { what: 'delete carts', my: 'DeleteMyCarts', others: 'DeleteOthersCarts' };
const READ_ONLY = 'its carts can be changed only through the general cart endpoints';

/**
 * Associate Carts (`/{projectKey}/as-associate/{associateId}/in-business-unit/key={businessUnitKey}/carts…`):
 * the carts of one business unit as a customer acting for it, with the permissions of associate-access.ts.
 *
 * Decisions where the platform's documentation is silent:
 * - A cart created without `customerId` is the associate's own (`customerId` = the associate).
 * - The unit's carts are read-only while it is Inactive (400 InvalidOperation), as the unit itself is
 *   through the as-associate endpoints.
 * - `setCustomerId` naming someone else needs the `…Others…` permission, and `setBusinessUnit` moves a
 *   cart only into a unit where the associate holds the same update permission.
 */
export function cartsAsAssociate(carts: CartService) {
  const repository = carts.repository;
  // Read when called: the service's dependencies are set after this view is made.
  const acting = (ctx: RequestContext) => actingAssociate(ctx, carts.businessUnits);

  /** The cart at `at` if it belongs to the unit: 404 when there is none, 400 InvalidOperation when it is another unit's. */
  async function unitCart(ctx: RequestContext, a: Acting, at: DocumentAddress): Promise<Cart> {
    const cart = await repository.find(ctx, at);
    if (!cart) throw notFound(at);
    assertOfUnit(a, cart, 'cart');
    return cart;
  }

  /** The update's own checks beyond the cart's: a new customer, or a new unit, needs the permission there too. */
  async function assertMayApply(ctx: RequestContext, a: Acting, cart: Cart, actions: readonly CartUpdateAction[]): Promise<void> {
    assertMay(a, UPDATE, cart.customerId);
    for (const action of actions) {
      if (action.action === 'setCustomerId') assertMay(a, UPDATE, action.customerId);
      if (action.action === 'setBusinessUnit') {
        const unit = await resolveIdentifier(ctx, carts.businessUnits, action.businessUnit, 'businessUnit');
        assertMay(a, UPDATE, cart.customerId, unit, await permissionsIn(ctx, unit, a.associateId));
      }
    }
  }

  return {
    async create(ctx: RequestContext, draft: CartDraft, expand?: readonly string[]): Promise<Cart> {
      const a = await acting(ctx);
      assertActive(a, READ_ONLY);
      const customerId = draft.customerId ?? a.associateId;
      assertMay(a, CREATE, customerId);
      // The path's unit, whatever the draft names (documented); the cart's own rules check its customer and store.
      return carts.create(ctx, { ...draft, customerId, businessUnit: unitRef(a.unit.key) }, expand);
    },
    async getForResponse(ctx: RequestContext, at: DocumentAddress, expand?: readonly string[]): Promise<Cart | JsonText> {
      const a = await acting(ctx);
      const cart = await unitCart(ctx, a, at);
      assertMay(a, VIEW, cart.customerId);
      return expand?.length ? repository.get(ctx, { id: cart.id }, expand) : cart;
    },
    async exists(ctx: RequestContext, at: DocumentAddress): Promise<boolean> {
      const a = await acting(ctx);
      const cart = await repository.find(ctx, at);
      if (!cart || cart.businessUnit?.key !== a.unit.key) return false;
      assertMay(a, VIEW, cart.customerId);
      return true;
    },
    async query(ctx: RequestContext, params: QueryParams): Promise<PagedQueryResult<Cart>> {
      return repository.query(ctx, params, visibleTo(ctx, await acting(ctx), VIEW));
    },
    async anyMatches(ctx: RequestContext, params: { where: readonly string[]; vars?: PredicateVariables }): Promise<boolean> {
      return repository.anyMatches(ctx, params, visibleTo(ctx, await acting(ctx), VIEW));
    },
    // The checks are made on the cart as read; the write is conditional on the version the caller sent,
    // so a cart changed in between (another customer, another unit) is a 409, never a write past the check.
    async update(ctx: RequestContext, at: DocumentAddress, update: Update, expand?: readonly string[]): Promise<Cart> {
      const a = await acting(ctx);
      assertActive(a, READ_ONLY);
      const cart = await unitCart(ctx, a, at);
      await assertMayApply(ctx, a, cart, update.actions);
      return carts.update(ctx, { id: cart.id }, update, expand);
    },
    async delete(ctx: RequestContext, at: DocumentAddress, version: number, expand?: readonly string[]): Promise<Cart> {
      const a = await acting(ctx);
      assertActive(a, READ_ONLY);
      const cart = await unitCart(ctx, a, at);
      assertMay(a, DELETE, cart.customerId);
      return carts.delete(ctx, { id: cart.id }, version, expand);
    },
  };
}
