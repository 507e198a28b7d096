import type { ProjectUpdateAction } from '../../../generated/openapi/client/types.gen.js';
import { requireScopes } from '../../auth/authorize.js';
import type { Services } from '../../composition.js';
import type { ProjectDocument } from '../../domains/projects/index.js';
import type { Handlers } from '../router.js';
import { headResult } from './query-input.js';

/**
 * Update actions that need more than the operation's manage_project_settings. setExternalOAuth makes
 * the project trust another authorization server, whose tokens then carry whatever scopes it says:
 * only a caller who already holds every scope (manage_project) may hand that power out.
 */
const ACTION_SCOPES: Partial<Record<ProjectUpdateAction['action'], readonly string[]>> = {
  setExternalOAuth: ['manage_project'],
};

/** The external OAuth Authorization header is a credential: it is only ever shown partially masked. */
function toResponse(project: ProjectDocument): ProjectDocument {
  if (!project.externalOAuth) return project;
  const header = project.externalOAuth.authorizationHeader;
  return { ...project, externalOAuth: { ...project.externalOAuth, authorizationHeader: `****${header.length > 12 ? header.slice(-4) : ''}` } };
}

export function projectRoutes(services: Services): Pick<Handlers, 'getProject' | 'checkProjectExists' | 'updateProject'> {
  return {
    getProject: async (ctx) => ({ body: toResponse(await services.projects.get(ctx)) }),
    checkProjectExists: async (ctx) => headResult((await services.projects.find(ctx.projectKey)) !== undefined),
    updateProject: async (ctx, input) => {
      for (const { action } of input.body.actions) {
        const accepted = ACTION_SCOPES[action];
        if (accepted) requireScopes(ctx, accepted);
      }
      return { body: toResponse(await services.projects.update(ctx, input.body)) };
    },
  };
}
