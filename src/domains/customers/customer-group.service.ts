import type { CustomerGroup, CustomerGroupDraft, CustomerGroupUpdateAction } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { customFieldActions, customFieldsFromDraft } from '../types/index.js';
import { DocumentRepository, type NewDocument } from '../../resources/document-repository.js';
import { DocumentService } from '../../resources/document-service.js';
import { customerGroupResource } from '../../resources/queryable-resources.js';
import { type ActionHandlers, setOptional } from '../../resources/update-actions.js';

const actions: ActionHandlers<CustomerGroup, CustomerGroupUpdateAction> = {
  changeName: (doc, a) => void (doc.name = a.name),
  setKey: (doc, a) => setOptional(doc, 'key', a.key),
  ...customFieldActions('customer-group'),
};

/** Customer groups: customers grouped for prices and discounts (the draft's `groupName` becomes `name`). */
export class CustomerGroupService extends DocumentService<CustomerGroup, CustomerGroupDraft, CustomerGroupUpdateAction> {
  readonly repository = new DocumentRepository<CustomerGroup>({ resource: customerGroupResource });
  protected readonly actions = actions;

  protected async fromDraft(ctx: RequestContext, draft: CustomerGroupDraft): Promise<NewDocument<CustomerGroup>> {
    const custom = await customFieldsFromDraft(ctx, 'customer-group', draft.custom);
    return {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      name: draft.groupName,
      ...(custom ? { custom } : {}),
    };
  }
}
