import type { Store, StoreDraft, StoreUpdateAction } from '../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../context.js';
import { ReferencedResourceNotFoundError } from '../errors/api-error.js';
import { customFieldsFromDraft, setCustomField, setCustomType } from './custom-fields.js';
import { DocumentRepository, type NewDocument } from './document-repository.js';
import { DocumentService } from './document-service.js';
import { storeResource } from './queryable-resources.js';
import type { ActionHandlers } from './update-actions.js';

// Optional values left out unset the field (partial update format).
const actions: ActionHandlers<Store, StoreUpdateAction> = {
  setName: (doc, a) => {
    if (a.name !== undefined) doc.name = a.name;
    else delete doc.name;
  },
  setLanguages: (doc, a) => void (doc.languages = a.languages ?? []),
  setCountries: (doc, a) => void (doc.countries = a.countries ?? []),
  setCustomType: (doc, a, ctx) => setCustomType(ctx, 'store', doc, a.type, a.fields),
  setCustomField: (doc, a, ctx) => setCustomField(ctx, doc, a.name, a.value),
};

/** Stores (facts §9): the sales channels customers, carts and business units can be limited to. */
export class StoreService extends DocumentService<Store, StoreDraft, StoreUpdateAction> {
  readonly repository = new DocumentRepository<Store>({ resource: storeResource });
  protected readonly actions = actions;

  protected async fromDraft(ctx: RequestContext, draft: StoreDraft): Promise<NewDocument<Store>> {
    // Channels are not a resource of this service yet, so no channel reference can be resolved.
    const channel = [...(draft.distributionChannels ?? []), ...(draft.supplyChannels ?? [])][0];
    if (channel) throw new ReferencedResourceNotFoundError('channel', channel.id !== undefined ? { id: channel.id } : { key: channel.key ?? '' });
    const custom = await customFieldsFromDraft(ctx, 'store', draft.custom);
    return {
      key: draft.key,
      ...(draft.name !== undefined ? { name: draft.name } : {}),
      languages: draft.languages ?? [],
      countries: draft.countries ?? [],
      distributionChannels: [],
      supplyChannels: [],
      productSelections: [],
      ...(custom ? { custom } : {}),
    };
  }
}
