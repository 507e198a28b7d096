import type { BusinessUnit, KeyReference } from '../../../generated/openapi/client/types.gen.js';
import { assertAssociatePermission } from '../../auth/associate-permissions.js';
import type { RequestContext } from '../../context.js';
import type { JsonText } from '../../db/json-text.js';
import type { PagedQueryResult, PredicateVariables, QueryParams, SqlFragment } from '../../query/index.js';
import { actingAssociate, OF_UNIT, type Acting } from './associate-access.js';
import type { DocumentAddress, DocumentRepository, VersionedDocument } from '../../resources/document-repository.js';
import { notFound } from '../../resources/versioning.js';

type UnitDocument = VersionedDocument & { businessUnit: KeyReference };

/**
 * Documents that belong to one business unit and exist only for its associates (approval rules and
 * flows): the path's associate with one of `view.permissions` reads the unit's own (another unit's is
 * 404, queries are filtered in SQL on the indexed businessUnitKey column); `acting` and `ofUnit` serve
 * the resource's own writes with their own permissions.
 */
export function unitDocuments<D extends UnitDocument>(
  repository: DocumentRepository<D>,
  units: DocumentRepository<BusinessUnit>,
  view: { permissions: readonly string[]; what: string },
) {
  const acting = async (ctx: RequestContext, needed: readonly string[], what: string): Promise<Acting> => {
    const a = await actingAssociate(ctx, units);
    assertAssociatePermission(a.held, a.associateId, a.unit.key, what, needed);
    return a;
  };
  const viewer = (ctx: RequestContext) => acting(ctx, view.permissions, view.what);
  const ofUnit = async (ctx: RequestContext, a: Acting, at: DocumentAddress): Promise<D> => {
    const doc = await repository.find(ctx, at);
    if (!doc || doc.businessUnit.key !== a.unit.key) throw notFound(at);
    return doc;
  };
  const unitCondition = (ctx: RequestContext, a: Acting): SqlFragment => ({
    sql: OF_UNIT[ctx.db.dialect],
    params: [a.unit.key],
  });
  return {
    acting,
    ofUnit,
    reads: {
      async getForResponse(ctx: RequestContext, at: DocumentAddress, expand?: readonly string[]): Promise<D | JsonText> {
        const doc = await ofUnit(ctx, await viewer(ctx), at);
        return expand?.length ? repository.get(ctx, { id: doc.id }, expand) : doc;
      },
      async exists(ctx: RequestContext, at: DocumentAddress): Promise<boolean> {
        const a = await viewer(ctx);
        return (await repository.find(ctx, at))?.businessUnit.key === a.unit.key;
      },
      async query(ctx: RequestContext, params: QueryParams): Promise<PagedQueryResult<D>> {
        return repository.query(ctx, params, unitCondition(ctx, await viewer(ctx)));
      },
      async anyMatches(ctx: RequestContext, params: { where: readonly string[]; vars?: PredicateVariables }): Promise<boolean> {
        return repository.anyMatches(ctx, params, unitCondition(ctx, await viewer(ctx)));
      },
    },
  };
}
