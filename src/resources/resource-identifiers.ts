import type { Reference, ResourceIdentifier } from '../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../context.js';
import { list, sql } from '../db/statements.js';
import { InvalidFieldError, ReferencedResourceNotFoundError, RequiredFieldError } from '../errors/api-error.js';
import type { DocumentAddress, DocumentRepository, VersionedDocument } from './document-repository.js';

/**
 * The one home of the platform's rules for a ResourceIdentifier (`{typeId?, id?, key?}`) in a draft or an
 * update action:
 *  1. `typeId`, when given, must be the referenced type's (else 400 InvalidField on `<field>.typeId`);
 *  2. an id or a key must be given (else 400 RequiredField on `<field>.id`);
 *  3. the id decides when both are given, and the key must then be the found resource's;
 *  4. an identifier naming nothing in the caller's project is 400 ReferencedResourceNotFound.
 * Lookups of several identifiers of one type read them in one statement (resolveRows).
 */

type Ctx = Pick<RequestContext, 'db' | 'projectKey'>;

/** Rules 1 and 2; the address to look the resource up at (its id when it has one, else its key). */
export function identifierAddress(ref: ResourceIdentifier, typeId: string, field: string): DocumentAddress {
  if (ref.typeId !== undefined && ref.typeId !== typeId) throw new InvalidFieldError(`${field}.typeId`, ref.typeId, [typeId]);
  if (ref.id !== undefined) return { id: ref.id };
  if (ref.key !== undefined) return { key: ref.key };
  throw new RequiredFieldError(`${field}.id`);
}

/** Rules 3 and 4: what was found at the identifier's address, if it is what the identifier names. */
export function identified<T extends { key?: string | null }>(ref: ResourceIdentifier, typeId: string, found: T | undefined): T {
  if (!found || (ref.id !== undefined && ref.key !== undefined && ref.key !== found.key)) {
    throw new ReferencedResourceNotFoundError(typeId, ref.id !== undefined ? { id: ref.id } : { key: ref.key });
  }
  return found;
}

/** The resource an identifier names, read through the repository of its type. */
export async function resolveIdentifier<D extends VersionedDocument>(
  ctx: Ctx,
  repository: DocumentRepository<D>,
  identifier: ResourceIdentifier,
  field: string,
): Promise<D> {
  const typeId = repository.resource.typeId;
  return identified(identifier, typeId, await repository.find(ctx, identifierAddress(identifier, typeId, field)));
}

/** The Reference (`{typeId, id}`) a resource stores for an identifier of its draft or update action. */
export async function resolveReference<D extends VersionedDocument>(
  ctx: Ctx,
  repository: DocumentRepository<D>,
  identifier: ResourceIdentifier,
  field: string,
): Promise<Reference> {
  return { typeId: repository.resource.typeId, id: (await resolveIdentifier(ctx, repository, identifier, field)).id };
}

/** The tables identifiers are resolved in without their resource's repository, by typeId. */
const TABLES = {
  store: 'Store',
  customer: 'Customer',
  'customer-group': 'CustomerGroup',
  'associate-role': 'AssociateRole',
  'business-unit': 'BusinessUnit',
  'product-type': 'ProductType',
  'product-discount': 'ProductDiscount',
} as const;
export type IdentifiedTypeId = keyof typeof TABLES;

/** A resolved identifier's row: its id, key and, when asked for, its document. */
export interface IdentifiedRow {
  id: string;
  key: string | null;
  data?: string;
}

/** Every identifier's row in one statement, in the identifiers' order, on `ctx.db` (so a transaction sees its own writes). */
export async function resolveRows(
  ctx: Ctx,
  typeId: IdentifiedTypeId,
  refs: readonly { ref: ResourceIdentifier; field: string }[],
  withData = false,
): Promise<IdentifiedRow[]> {
  const addresses = refs.map(({ ref, field }) => identifierAddress(ref, typeId, field));
  if (refs.length === 0) return [];
  const ids = addresses.flatMap((a) => ('id' in a ? [a.id] : []));
  const keys = addresses.flatMap((a) => ('key' in a ? [a.key] : []));
  const statement = sql(
    `SELECT "id", "key"${withData ? ', $DATA AS "data"' : ''} FROM "${TABLES[typeId]}" WHERE "projectKey" = ? AND ("id" IN (${list(ids.length)}) OR "key" IN (${list(keys.length)}))`,
  );
  const rows = await ctx.db.rows<IdentifiedRow>(statement[ctx.db.dialect], [ctx.projectKey, ...ids, ...keys]);
  return refs.map(({ ref }, i) => {
    const at = addresses[i]!;
    return identified(
      ref,
      typeId,
      rows.find((r) => ('id' in at ? r.id === at.id : r.key === at.key)),
    );
  });
}

/** One identifier's row. */
export async function resolveRow(ctx: Ctx, typeId: IdentifiedTypeId, ref: ResourceIdentifier, field: string, withData = false): Promise<IdentifiedRow> {
  const [row] = await resolveRows(ctx, typeId, [{ ref, field }], withData);
  return row!;
}
