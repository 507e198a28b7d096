import type { Store, StoreDraft, StoreUpdate, StoreUpdateAction } from '../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../context.js';
import { ReferencedResourceNotFoundError } from '../errors/api-error.js';
import type { PagedQueryResult, PredicateVariables, QueryParams } from '../query/index.js';
import { customFieldsFromDraft } from './custom-fields.js';
import { DocumentRepository, type DocumentAddress } from './document-repository.js';
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
};

/** Stores (facts §9): the sales channels customers, carts and business units can be limited to. */
export class StoreService {
  readonly repository = new DocumentRepository<Store>({ resource: storeResource });

  async create(ctx: RequestContext, draft: StoreDraft, expand?: readonly string[]): Promise<Store> {
    // Channels are not a resource of this service yet, so no channel reference can be resolved.
    const channel = [...(draft.distributionChannels ?? []), ...(draft.supplyChannels ?? [])][0];
    if (channel) throw new ReferencedResourceNotFoundError('channel', channel.id !== undefined ? { id: channel.id } : { key: channel.key ?? '' });
    const custom = customFieldsFromDraft(draft.custom);
    return this.repository.create(
      ctx,
      {
        key: draft.key,
        ...(draft.name !== undefined ? { name: draft.name } : {}),
        languages: draft.languages ?? [],
        countries: draft.countries ?? [],
        distributionChannels: [],
        supplyChannels: [],
        productSelections: [],
        ...(custom ? { custom } : {}),
      },
      expand,
    );
  }

  get(ctx: RequestContext, at: DocumentAddress, expand?: readonly string[]): Promise<Store> {
    return this.repository.get(ctx, at, expand);
  }

  exists(ctx: RequestContext, at: DocumentAddress): Promise<boolean> {
    return this.repository.exists(ctx, at);
  }

  query(ctx: RequestContext, params: QueryParams): Promise<PagedQueryResult<Store>> {
    return this.repository.query(ctx, params);
  }

  anyMatches(ctx: RequestContext, params: { where: readonly string[]; vars?: PredicateVariables }): Promise<boolean> {
    return this.repository.anyMatches(ctx, params);
  }

  update(ctx: RequestContext, at: DocumentAddress, update: StoreUpdate, expand?: readonly string[]): Promise<Store> {
    return this.repository.update(ctx, at, update, actions, expand);
  }

  delete(ctx: RequestContext, at: DocumentAddress, version: number, expand?: readonly string[]): Promise<Store> {
    return this.repository.delete(ctx, at, version, expand);
  }
}
