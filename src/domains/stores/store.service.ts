import type { ChannelRoleEnum, Reference, ResourceIdentifier, Store, StoreDraft, StoreUpdateAction } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { channelReference } from '../channels/index.js';
import { customFieldActions, customFieldsFromDraft } from '../types/index.js';
import { DocumentRepository, type NewDocument } from '../../resources/document-repository.js';
import { DocumentService } from '../../resources/document-service.js';
import { storeResource } from '../../resources/queryable-resources.js';
import { type ActionHandlers, setOptional } from '../../resources/update-actions.js';

type ChannelList = 'distributionChannels' | 'supplyChannels';

/** What a store's channels are for, and the role that needs. */
const CHANNEL_ROLES: Record<ChannelList, ChannelRoleEnum> = { distributionChannels: 'ProductDistribution', supplyChannels: 'InventorySupply' };

/** The channels identifiers name, each once, each with the role the list needs. */
async function channelList(ctx: RequestContext, list: ChannelList, identifiers: readonly ResourceIdentifier[]): Promise<Reference[]> {
  const refs: Reference[] = [];
  for (const [i, identifier] of identifiers.entries()) {
    const ref = await channelReference(ctx, identifier, `${list}[${i}]`, CHANNEL_ROLES[list]);
    if (!refs.some((r) => r.id === ref.id)) refs.push(ref);
  }
  return refs;
}

/** Adding a channel the store has, or removing one it has not, changes nothing. */
async function addChannel(ctx: RequestContext, doc: Store, list: ChannelList, identifier: ResourceIdentifier): Promise<void> {
  const [ref] = await channelList(ctx, list, [identifier]);
  if (!doc[list].some((r) => r.id === ref.id)) doc[list] = [...doc[list], ref];
}

async function removeChannel(ctx: RequestContext, doc: Store, list: ChannelList, identifier: ResourceIdentifier): Promise<void> {
  const { id } = await channelReference(ctx, identifier, list);
  doc[list] = doc[list].filter((r) => r.id !== id);
}

// Optional values left out unset the field (partial update format).
const actions: ActionHandlers<Store, StoreUpdateAction> = {
  setName: (doc, a) => setOptional(doc, 'name', a.name),
  setLanguages: (doc, a) => void (doc.languages = a.languages ?? []),
  setCountries: (doc, a) => void (doc.countries = a.countries ?? []),
  ...customFieldActions('store'),
  addDistributionChannel: (doc, a, ctx) => addChannel(ctx, doc, 'distributionChannels', a.distributionChannel),
  removeDistributionChannel: (doc, a, ctx) => removeChannel(ctx, doc, 'distributionChannels', a.distributionChannel),
  setDistributionChannels: async (doc, a, ctx) =>
    void (doc.distributionChannels = await channelList(ctx, 'distributionChannels', a.distributionChannels ?? [])),
  addSupplyChannel: (doc, a, ctx) => addChannel(ctx, doc, 'supplyChannels', a.supplyChannel),
  removeSupplyChannel: (doc, a, ctx) => removeChannel(ctx, doc, 'supplyChannels', a.supplyChannel),
  setSupplyChannels: async (doc, a, ctx) => void (doc.supplyChannels = await channelList(ctx, 'supplyChannels', a.supplyChannels ?? [])),
};

/** Stores: the sales channels customers, carts and business units can be limited to. */
export class StoreService extends DocumentService<Store, StoreDraft, StoreUpdateAction> {
  readonly repository = new DocumentRepository<Store>({ resource: storeResource });
  protected readonly actions = actions;

  protected async fromDraft(ctx: RequestContext, draft: StoreDraft): Promise<NewDocument<Store>> {
    const custom = await customFieldsFromDraft(ctx, 'store', draft.custom);
    return {
      key: draft.key,
      ...(draft.name !== undefined ? { name: draft.name } : {}),
      languages: draft.languages ?? [],
      countries: draft.countries ?? [],
      distributionChannels: await channelList(ctx, 'distributionChannels', draft.distributionChannels ?? []),
      supplyChannels: await channelList(ctx, 'supplyChannels', draft.supplyChannels ?? []),
      productSelections: [],
      ...(custom ? { custom } : {}),
    };
  }
}
