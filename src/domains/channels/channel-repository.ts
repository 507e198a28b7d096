import type { Channel, ChannelRoleEnum, Reference, ResourceIdentifier } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { MissingRoleOnChannelError } from '../../errors/api-error.js';
import { DocumentRepository } from '../../resources/document-repository.js';
import { channelResource } from '../../resources/queryable-resources.js';
import { identifierAddress, resolveIdentifier } from '../../resources/resource-identifiers.js';

/**
 * The stored channels. Shared by the channel service and by what references channels (stores,
 * prices), which resolve them here; the repository holds no state, only its table's statements.
 */
export const channelRepository = new DocumentRepository<Channel>({ resource: channelResource });

/**
 * The channel an identifier names, as a reference; with `role`, the channel must have it (a store's
 * distribution channel needs ProductDistribution, a supply channel InventorySupply), else 400 MissingRoleOnChannel.
 */
export async function channelReference(
  ctx: Pick<RequestContext, 'db' | 'projectKey'>,
  identifier: ResourceIdentifier,
  field: string,
  role?: ChannelRoleEnum,
): Promise<Reference> {
  const channel = await resolveIdentifier(ctx, channelRepository, identifier, field);
  if (role !== undefined && !channel.roles.includes(role)) {
    throw new MissingRoleOnChannelError(identifierAddress(identifier, 'channel', field), role);
  }
  return { typeId: 'channel', id: channel.id };
}
