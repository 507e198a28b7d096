import type { Services } from '../../services/index.js';
import type { ProjectDocument } from '../../services/project.service.js';
import type { Handlers } from '../router.js';

/** The external OAuth Authorization header is a credential: it is only ever shown partially masked. */
function toResponse(project: ProjectDocument): ProjectDocument {
  if (!project.externalOAuth) return project;
  const header = project.externalOAuth.authorizationHeader;
  return { ...project, externalOAuth: { ...project.externalOAuth, authorizationHeader: `****${header.length > 12 ? header.slice(-4) : ''}` } };
}

export function projectRoutes(services: Services): Pick<Handlers, 'getProject' | 'updateProject'> {
  return {
    getProject: async (ctx) => ({ body: toResponse(await services.projects.get(ctx)) }),
    updateProject: async (ctx, input) => ({ body: toResponse(await services.projects.update(ctx, input.body)) }),
  };
}
