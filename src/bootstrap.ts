import { systemContext, type AppServices } from './context.js';
import { DuplicateFieldError } from './errors/api-error.js';
import type { Services } from './composition.js';

export interface BootstrapResult {
  projectKey: string;
  clientId: string;
  clientSecret: string;
  scope: string;
}

/**
 * On an empty database, creates the bootstrap project and its first API client (the spec's
 * "administration interface" step) so that a fresh `npm start` is usable at once.
 */
export async function bootstrapIfEmpty(app: AppServices, services: Services): Promise<BootstrapResult | undefined> {
  if ((await services.projects.list()).length > 0) return undefined;
  const projectKey = app.config.bootstrapProjectKey;
  try {
    await services.projects.create({ key: projectKey, name: projectKey, countries: ['DE', 'US'], currencies: ['EUR', 'USD'], languages: ['en', 'de'] });
  } catch (err) {
    // Several instances started at once on an empty database: one of them bootstraps.
    if (err instanceof DuplicateFieldError) return undefined;
    throw err;
  }
  const client = await services.apiClients.create(systemContext(app, projectKey), { name: 'bootstrap admin', scope: `manage_project:${projectKey}` });
  return { projectKey, clientId: client.id, clientSecret: client.secret!, scope: client.scope };
}
