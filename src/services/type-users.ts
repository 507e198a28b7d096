import type { CustomFields } from '../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../context.js';
import type { DocumentRepository, VersionedDocument } from './document-repository.js';

/**
 * A kind of resource whose custom fields can use a Type: its repository, and the predicate that
 * matches the resources using the Type `:typeId` (on the resource itself or on objects it embeds).
 */
export interface TypeUser {
  repository: DocumentRepository<VersionedDocument>;
  where: string;
}

const USES_TYPE = 'custom(type(id = :typeId))';

/** For resources whose addresses carry custom fields too (customers). */
export const USES_TYPE_WITH_ADDRESSES = `${USES_TYPE} or addresses(${USES_TYPE})`;

/** For resources whose assets carry custom fields too (categories). */
export const USES_TYPE_WITH_ASSETS = `${USES_TYPE} or assets(${USES_TYPE})`;

export function typeUser<D extends VersionedDocument>(repository: DocumentRepository<D>, where = USES_TYPE): TypeUser {
  // Sound: the only documents handed back to this repository (replace) are ones it has just read.
  return { repository: repository as unknown as DocumentRepository<VersionedDocument>, where };
}

/** The type id of the first kind of resource that uses the Type `typeId`, if any does. */
export async function firstTypeUser(ctx: RequestContext, users: readonly TypeUser[], typeId: string): Promise<string | undefined> {
  for (const { repository, where } of users) {
    if (await repository.anyMatches(ctx, { where: [where], vars: { typeId: [typeId] } })) return repository.resource.typeId;
  }
  return undefined;
}

/**
 * Removes the values of the fields `names` from every resource using the Type `typeId` (after
 * removeFieldDefinition, as the platform does), each as a new version of the resource.
 */
export async function dropFieldValues(ctx: RequestContext, users: readonly TypeUser[], typeId: string, names: readonly string[]): Promise<void> {
  for (const { repository, where } of users) {
    await repository.forEachMatch(ctx, { where: [where], vars: { typeId: [typeId] } }, async (doc) => {
      const next = structuredClone(doc);
      if (stripFields(next, typeId, names)) await repository.replace(ctx, doc, next);
    });
  }
}

type CustomHolder = { custom?: CustomFields };

/** Deletes the named fields wherever the document (or an address or asset of it) uses the Type; answers whether anything changed. */
function stripFields(doc: VersionedDocument & CustomHolder & { addresses?: CustomHolder[]; assets?: CustomHolder[] }, typeId: string, names: readonly string[]): boolean {
  let changed = false;
  for (const holder of [doc, ...(doc.addresses ?? []), ...(doc.assets ?? [])]) {
    if (holder.custom?.type.id !== typeId) continue;
    for (const name of names) {
      if (name in holder.custom.fields) {
        delete holder.custom.fields[name];
        changed = true;
      }
    }
  }
  return changed;
}
