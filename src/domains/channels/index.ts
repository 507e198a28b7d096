export { channelReference, channelRepository } from './channel-repository.js';
export { ChannelService } from './channel.service.js';
