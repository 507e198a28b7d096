import type {
  AssociateRole,
  AssociateRoleDraft,
  AssociateRoleUpdate,
  AssociateRoleUpdateAction,
} from '../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../context.js';
import type { PagedQueryResult, PredicateVariables, QueryParams } from '../query/index.js';
import { customFieldsFromDraft, setCustomField, setCustomType } from './custom-fields.js';
import { DocumentRepository, type DocumentAddress } from './document-repository.js';
import { associateRoleResource } from './queryable-resources.js';
import type { ActionHandlers } from './update-actions.js';

// Permission values are checked against the enum by the contract before an action runs.
const actions: ActionHandlers<AssociateRole, AssociateRoleUpdateAction> = {
  addPermission: (doc, a) => {
    if (!doc.permissions.includes(a.permission)) doc.permissions.push(a.permission);
  },
  removePermission: (doc, a) => void (doc.permissions = doc.permissions.filter((p) => p !== a.permission)),
  setPermissions: (doc, a) => void (doc.permissions = [...new Set(a.permissions ?? [])]),
  changeBuyerAssignable: (doc, a) => void (doc.buyerAssignable = a.buyerAssignable),
  setName: (doc, a) => {
    if (a.name !== undefined) doc.name = a.name;
    else delete doc.name;
  },
  setCustomType: (doc, a) => setCustomType(doc, a.type),
  setCustomField: (doc, a) => setCustomField(doc, a.name, a.value),
};

/**
 * Associate roles (facts §3): named permission sets that business units assign to their associates.
 * `buyerAssignable: false` roles can be assigned only through the general endpoints.
 */
export class AssociateRoleService {
  readonly repository = new DocumentRepository<AssociateRole>({ resource: associateRoleResource });

  async create(ctx: RequestContext, draft: AssociateRoleDraft, expand?: readonly string[]): Promise<AssociateRole> {
    const custom = customFieldsFromDraft(draft.custom);
    return this.repository.create(
      ctx,
      {
        key: draft.key,
        buyerAssignable: draft.buyerAssignable ?? true,
        ...(draft.name !== undefined ? { name: draft.name } : {}),
        permissions: [...new Set(draft.permissions ?? [])],
        ...(custom ? { custom } : {}),
      },
      expand,
    );
  }

  get(ctx: RequestContext, at: DocumentAddress, expand?: readonly string[]): Promise<AssociateRole> {
    return this.repository.get(ctx, at, expand);
  }

  exists(ctx: RequestContext, at: DocumentAddress): Promise<boolean> {
    return this.repository.exists(ctx, at);
  }

  query(ctx: RequestContext, params: QueryParams): Promise<PagedQueryResult<AssociateRole>> {
    return this.repository.query(ctx, params);
  }

  anyMatches(ctx: RequestContext, params: { where: readonly string[]; vars?: PredicateVariables }): Promise<boolean> {
    return this.repository.anyMatches(ctx, params);
  }

  update(ctx: RequestContext, at: DocumentAddress, update: AssociateRoleUpdate, expand?: readonly string[]): Promise<AssociateRole> {
    return this.repository.update(ctx, at, update, actions, expand);
  }

  delete(ctx: RequestContext, at: DocumentAddress, version: number, expand?: readonly string[]): Promise<AssociateRole> {
    return this.repository.delete(ctx, at, version, expand);
  }
}
