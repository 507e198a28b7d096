import type { AssociateRole, AssociateRoleDraft, AssociateRoleUpdateAction } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { customFieldActions, customFieldsFromDraft } from '../types/index.js';
import { DocumentRepository, type NewDocument } from '../../resources/document-repository.js';
import { DocumentService } from '../../resources/document-service.js';
import { associateRoleResource } from '../../resources/queryable-resources.js';
import { type ActionHandlers, setOptional } from '../../resources/update-actions.js';

// Permission values are checked against the enum by the contract before an action runs.
const actions: ActionHandlers<AssociateRole, AssociateRoleUpdateAction> = {
  addPermission: (doc, a) => {
    if (!doc.permissions.includes(a.permission)) doc.permissions.push(a.permission);
  },
  removePermission: (doc, a) => void (doc.permissions = doc.permissions.filter((p) => p !== a.permission)),
  setPermissions: (doc, a) => void (doc.permissions = [...new Set(a.permissions ?? [])]),
  changeBuyerAssignable: (doc, a) => void (doc.buyerAssignable = a.buyerAssignable),
  setName: (doc, a) => setOptional(doc, 'name', a.name),
  ...customFieldActions('associate-role'),
};

/**
 * Associate roles: named permission sets that business units assign to their associates.
 * `buyerAssignable: false` roles can be assigned only through the general endpoints.
 */
export class AssociateRoleService extends DocumentService<AssociateRole, AssociateRoleDraft, AssociateRoleUpdateAction> {
  readonly repository = new DocumentRepository<AssociateRole>({ resource: associateRoleResource });
  protected readonly actions = actions;

  protected async fromDraft(ctx: RequestContext, draft: AssociateRoleDraft): Promise<NewDocument<AssociateRole>> {
    const custom = await customFieldsFromDraft(ctx, 'associate-role', draft.custom);
    return {
      key: draft.key,
      buyerAssignable: draft.buyerAssignable ?? true,
      ...(draft.name !== undefined ? { name: draft.name } : {}),
      permissions: [...new Set(draft.permissions ?? [])],
      ...(custom ? { custom } : {}),
    };
  }
}
