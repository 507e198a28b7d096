import type { Channel } from '../../../generated/openapi/client/types.gen.js';
import type { Resolvers } from '../../../generated/graphql/types.js';
import { localizedFields } from '../localized.js';
import { lookupField, queryField } from '../query-fields.js';

/** Channels over GraphQL: each root field one call into the channel service the HTTP API uses. */
export const channelResolvers: Resolvers = {
  Query: {
    channel: lookupField((services) => services.channels),
    channels: queryField((services) => services.channels),
  },
  Channel: {
    ...localizedFields<Channel>()('name', 'description'),
  },
  // Channels hold GeoJSON points only.
  Geometry: { __resolveType: () => 'Point' },
};
