import type { CustomerGroup, CustomerGroupDraft, CustomerGroupUpdateAction } from '../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../context.js';
import { customFieldsFromDraft, setCustomField, setCustomType } from './custom-fields.js';
import { DocumentRepository, type NewDocument } from './document-repository.js';
import { DocumentService } from './document-service.js';
import { customerGroupResource } from './queryable-resources.js';
import type { ActionHandlers } from './update-actions.js';

const actions: ActionHandlers<CustomerGroup, CustomerGroupUpdateAction> = {
  changeName: (doc, a) => void (doc.name = a.name),
  setKey: (doc, a) => {
    if (a.key !== undefined) doc.key = a.key;
    else delete doc.key;
  },
  setCustomType: (doc, a, ctx) => setCustomType(ctx, 'customer-group', doc, a.type, a.fields),
  setCustomField: (doc, a, ctx) => setCustomField(ctx, doc, a.name, a.value),
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
