import type { Services } from '../../composition.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';

export function channelRoutes(services: Services) {
  return versionedResourceRoutes(services.channels, {
    query: 'queryChannels',
    exists: 'checkChannelsExist',
    create: 'createChannel',
    getById: 'getChannelById',
    existsById: 'checkChannelExistsById',
    updateById: 'updateChannelById',
    deleteById: 'deleteChannelById',
    getByKey: 'getChannelByKey',
    existsByKey: 'checkChannelExistsByKey',
    updateByKey: 'updateChannelByKey',
    deleteByKey: 'deleteChannelByKey',
  } as const);
}
