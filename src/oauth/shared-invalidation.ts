import type { InvalidationBus } from '../db/invalidation-bus.js';
import type { Services } from '../composition.js';
import type { BearerAuthenticator } from './bearer-authenticator.js';
import type { ClientUsage } from './client-usage.js';
import type { ExternalIntrospection } from './external-introspection.js';
import type { TokenStore } from './token-store.js';

interface Caches {
  store: TokenStore;
  authenticator: BearerAuthenticator;
  usage: ClientUsage;
  external: ExternalIntrospection;
}

/**
 * Connects this process's caches to the other instances on the database: what is forgotten here
 * because of a local write (a revoked or consumed token, a deleted API client, a changed project;
 * a deleted customer's tokens arrive as revoked tokens) is announced, and what the others announce
 * is forgotten here.
 */
export function shareInvalidations(bus: InvalidationBus, services: Services, { store, authenticator, usage, external }: Caches): void {
  store.removed.add((keys) => bus.publish({ tokens: keys }));
  // A project's clients go with it, and its region decides whether they are known here: the client
  // rows this process holds (ApiClientService.verify) are forgotten at once, before any announcement.
  services.events.on('project.changed', () => services.apiClients.forgetAll());
  services.events.on('project.deleted', () => services.apiClients.forgetAll());
  services.events.on('apiClient.deleted', ({ client }) => bus.publish({ client: client.id }));
  services.events.on('project.changed', ({ project }) => bus.publish({ project: project.key }));
  services.events.on('project.deleted', ({ key }) => bus.publish({ project: key }));

  bus.received.add((event) => {
    if ('everyToken' in event) {
      authenticator.forgetAll();
      services.apiClients.forgetAll();
    } else if ('tokens' in event) {
      authenticator.forgetTokens(event.tokens);
    } else if ('client' in event) {
      authenticator.forgetClient(event.client);
      usage.forget(event.client);
      services.apiClients.forget(event.client);
    } else if ('project' in event) {
      services.apiClients.forgetAll();
      services.projects.forget(event.project);
      external.forgetProject(event.project);
    }
  });
  bus.missed.add(() => {
    authenticator.forgetAll();
    services.apiClients.forgetAll();
    services.projects.forgetAll();
    external.forgetAll();
  });
}
