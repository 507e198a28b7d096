import type { Reference, ResourceIdentifier, State, StateTypeEnum } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { InvalidOperationError } from '../../errors/api-error.js';
import { DocumentRepository } from '../../resources/document-repository.js';
import { stateResource } from '../../resources/queryable-resources.js';
import { resolveIdentifier } from '../../resources/resource-identifiers.js';

/**
 * The stored states. Shared by the state service and by the resources that are in a state (orders,
 * payments), which resolve and check their transitions here.
 */
export const stateRepository = new DocumentRepository<State>({ resource: stateResource });

/** The state an identifier names, which must be of `type` (400 ReferencedResourceNotFound, or InvalidOperation for another type). */
export async function stateOfType(ctx: RequestContext, identifier: ResourceIdentifier, type: StateTypeEnum, field: string): Promise<State> {
  const state = await resolveIdentifier(ctx, stateRepository, identifier, field);
  if (state.type !== type) throw new InvalidOperationError(`The state '${state.key}' is a ${state.type}, not a ${type}.`);
  return state;
}

/**
 * transitionState: the state to move to, by id or key, of the resource's type. Unless `force`, the
 * current state (if any) must allow it: a state with `transitions` allows only those (none: it is
 * final); a state without them allows any.
 */
export async function transition(
  ctx: RequestContext,
  current: Reference | undefined,
  identifier: ResourceIdentifier,
  type: StateTypeEnum,
  force = false,
): Promise<Reference> {
  const next = await stateOfType(ctx, identifier, type, 'state');
  if (!force && current !== undefined) {
    const from = await stateRepository.find(ctx, { id: current.id });
    if (from?.transitions !== undefined && !from.transitions.some((t) => t.id === next.id)) {
      throw new InvalidOperationError(`The transition from the state '${from.key}' to the state '${next.key}' is not allowed (force overrides).`);
    }
  }
  return { typeId: 'state', id: next.id };
}
