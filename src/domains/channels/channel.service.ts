import type { Address, AddressDraft, Channel, ChannelDraft, ChannelRoleEnum, ChannelUpdateAction } from '../../../generated/openapi/client/types.gen.js';

import { type RequestContext } from '../../context.js';
import { InvalidOperationError } from '../../errors/api-error.js';
import { channelRepository } from './channel-repository.js';

import { customFieldActions, customFieldsFromDraft, setCustomField, setCustomType } from '../types/index.js';

import { newAddresses } from '../customers/index.js';

import type { DocumentAddress, NewDocument } from '../../resources/document-repository.js';

import { DocumentService } from '../../resources/document-service.js';

import type { Referrer } from '../../resources/referrers.js';

import { deleteUnlessReferenced } from '../../resources/referenced-delete.js';

import { type ActionHandlers, setOptional } from '../../resources/update-actions.js';

/** The platform gives a channel drafted without roles this one. */
const DEFAULT_ROLES: ChannelRoleEnum[] = ['InventorySupply'];

async function addressFromDraft(ctx: RequestContext, draft: AddressDraft): Promise<Address> {
  const [address] = await newAddresses(ctx, [draft]);
  return address;
}

function channelAddress(doc: Channel): Address {
  if (!doc.address) throw new InvalidOperationError('The channel has no address.');
  return doc.address;
}

/** Roles in the order first given, each once. */
const distinctRoles = (roles: readonly ChannelRoleEnum[]): ChannelRoleEnum[] => [...new Set(roles)];

/** Optional values left out unset the field (partial update format). */
const actions: ActionHandlers<Channel, ChannelUpdateAction> = {
  changeKey: (doc, a) => void (doc.key = a.key),
  changeName: (doc, a) => void (doc.name = a.name),
  changeDescription: (doc, a) => void (doc.description = a.description),
  setRoles: (doc, a) => void (doc.roles = distinctRoles(a.roles)),
  addRoles: (doc, a) => void (doc.roles = distinctRoles([...doc.roles, ...a.roles])),
  removeRoles: (doc, a) => void (doc.roles = doc.roles.filter((role) => !a.roles.includes(role))),
  setAddress: async (doc, a, ctx) => {
    if (a.address !== undefined) doc.address = await addressFromDraft(ctx, a.address);
    else delete doc.address;
  },
  setAddressCustomType: (doc, a, ctx) => setCustomType(ctx, 'address', channelAddress(doc), a.type, a.fields),
  setAddressCustomField: (doc, a, ctx) => setCustomField(ctx, channelAddress(doc), a.name, a.value),
  ...customFieldActions('channel'),
  setGeoLocation: (doc, a) => setOptional(doc, 'geoLocation', a.geoLocation),
};

/**
 * Channels (the platform\'s MissingRoleOnChannel): where stock comes from and prices apply (warehouses,
 * shops), with roles that decide what they may be used for, an address and a GeoJSON point
 * (queryable with `within circle`). A channel that a store or a price references cannot be deleted.
 */
export class ChannelService extends DocumentService<Channel, ChannelDraft, ChannelUpdateAction> {
  readonly repository = channelRepository;
  protected readonly actions = actions;

  /** @param users the resources that reference channels, each with a predicate on `:channelId`. */
  constructor(private readonly users: readonly Referrer[]) {
    super();
  }

  protected async fromDraft(ctx: RequestContext, draft: ChannelDraft): Promise<NewDocument<Channel>> {
    const custom = await customFieldsFromDraft(ctx, 'channel', draft.custom);
    return {
      key: draft.key,
      roles: draft.roles !== undefined ? distinctRoles(draft.roles) : DEFAULT_ROLES,
      ...(draft.name !== undefined ? { name: draft.name } : {}),
      ...(draft.description !== undefined ? { description: draft.description } : {}),
      ...(draft.address !== undefined ? { address: await addressFromDraft(ctx, draft.address) } : {}),
      ...(custom ? { custom } : {}),
      ...(draft.geoLocation !== undefined ? { geoLocation: draft.geoLocation } : {}),
    };
  }

  override delete(ctx: RequestContext, at: DocumentAddress, version: number, expand?: readonly string[]): Promise<Channel> {
    return deleteUnlessReferenced(ctx, this.repository, at, version, this.users, expand);
  }
}
