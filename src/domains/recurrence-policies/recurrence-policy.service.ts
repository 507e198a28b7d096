import type { RecurrencePolicy, RecurrencePolicyDraft, RecurrencePolicyUpdateAction } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { DocumentRepository, type NewDocument } from '../../resources/document-repository.js';
import { DocumentService } from '../../resources/document-service.js';
import { recurrencePolicyResource } from '../../resources/queryable-resources.js';
import { setOptional, type ActionHandlers } from '../../resources/update-actions.js';

const actions: ActionHandlers<RecurrencePolicy, RecurrencePolicyUpdateAction> = {
  setDescription: (doc, a) => setOptional(doc, 'description', a.description),
  setName: (doc, a) => setOptional(doc, 'name', a.name),
  setKey: (doc, a) => void (doc.key = a.key),
  setSchedule: (doc, a) => void (doc.schedule = a.schedule),
};

/** Recurrence policies (openapi/schemas/recurrence-policy.yaml): a key and a schedule (the contract checks its shape). */
export class RecurrencePolicyService extends DocumentService<RecurrencePolicy, RecurrencePolicyDraft, RecurrencePolicyUpdateAction> {
  readonly repository = new DocumentRepository<RecurrencePolicy>({ resource: recurrencePolicyResource });
  protected readonly actions = actions;

  protected fromDraft(_ctx: RequestContext, draft: RecurrencePolicyDraft): NewDocument<RecurrencePolicy> {
    return {
      key: draft.key,
      ...(draft.name !== undefined ? { name: draft.name } : {}),
      ...(draft.description !== undefined ? { description: draft.description } : {}),
      schedule: draft.schedule,
    };
  }
}
