import type { CustomFields } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import type { DocumentRepository, VersionedDocument } from '../../resources/document-repository.js';
import type { Referrer } from '../../resources/referrers.js';

/**
 * A kind of resource whose custom fields can use a Type: its repository, and the predicate that
 * matches the resources using the Type `:id` (on the resource itself or on objects it embeds).
 */
export interface TypeUser {
  repository: DocumentRepository<VersionedDocument>;
  where: string;
}

const USES_TYPE = 'custom(type(id = :id))';

/** For resources whose addresses carry custom fields too (customers). */
export const USES_TYPE_WITH_ADDRESSES = `${USES_TYPE} or addresses(${USES_TYPE})`;

/** For resources with one address that carries custom fields too (channels). */
export const USES_TYPE_WITH_ADDRESS = `${USES_TYPE} or address(${USES_TYPE})`;

/** Payments: their own, their payment method's, their transactions' and their interface interactions' custom fields. */
export const USES_TYPE_IN_PAYMENTS = `${USES_TYPE} or paymentMethodInfo(${USES_TYPE}) or transactions(${USES_TYPE}) or interfaceInteractions(type(id = :id))`;

/** Orders: their own, their deliveries', parcels' and return items' custom fields. */
export const USES_TYPE_IN_ORDERS = `${USES_TYPE} or shippingInfo(deliveries(${USES_TYPE} or parcels(${USES_TYPE}))) or returnInfo(items(${USES_TYPE}))`;

/** For resources whose assets carry custom fields too (categories). */
export const USES_TYPE_WITH_ASSETS = `${USES_TYPE} or assets(${USES_TYPE})`;

export function typeUser<D extends VersionedDocument>(repository: DocumentRepository<D>, where = USES_TYPE): TypeUser {
  // Sound: the only documents handed back to this repository (replace) are ones it has just read.
  return { repository: repository as unknown as DocumentRepository<VersionedDocument>, where };
}

/** What the delete guard checks: the resources using the Type, as referrers. */
export function typeReferrers(users: readonly TypeUser[]): Referrer[] {
  return users.map(({ repository, where }) => ({ resource: repository.resource, where }));
}

/**
 * Removes the values of the fields `names` from every resource using the Type `typeId` (after
 * removeFieldDefinition, as the platform does), each as a new version of the resource.
 */
export async function dropFieldValues(ctx: RequestContext, users: readonly TypeUser[], typeId: string, names: readonly string[]): Promise<void> {
  for (const { repository, where } of users) {
    await repository.forEachMatch(ctx, { where: [where], vars: { id: [typeId] } }, async (doc) => {
      const next = structuredClone(doc);
      if (stripFields(next, typeId, names)) await repository.replace(ctx, doc, next);
    });
  }
}

/** Whether `value` is a custom-fields holder's `custom`: a Type reference and the fields' values. */
function isCustomFields(value: unknown): value is CustomFields {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { type?: { id?: unknown }; fields?: unknown };
  return typeof candidate.type?.id === 'string' && typeof candidate.fields === 'object' && candidate.fields !== null;
}

/**
 * Deletes the named fields wherever the document uses the Type: on itself and on any object it embeds
 * (addresses, assets, a payment's transactions, an order's deliveries, parcels and return items, …);
 * answers whether anything changed.
 */
function stripFields(doc: VersionedDocument, typeId: string, names: readonly string[]): boolean {
  let changed = false;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'custom' && isCustomFields(inner)) {
        if (inner.type.id !== typeId) continue;
        for (const name of names) {
          if (name in inner.fields) {
            delete inner.fields[name];
            changed = true;
          }
        }
      } else {
        visit(inner);
      }
    }
  };
  visit(doc);
  return changed;
}
