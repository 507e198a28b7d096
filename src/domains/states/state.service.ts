import type { ResourceIdentifier, State, StateDraft, StateRoleEnum, StateTypeEnum, StateUpdateAction } from '../../../generated/openapi/client/types.gen.js';

import { type RequestContext } from '../../context.js';
import { InvalidOperationError } from '../../errors/api-error.js';
import type { DocumentAddress, NewDocument } from '../../resources/document-repository.js';

import { DocumentService } from '../../resources/document-service.js';

import { firstReferrer, type Referrer } from '../../resources/referrers.js';

import { deleteUnlessReferenced } from '../../resources/referenced-delete.js';

import { stateOfType, stateRepository } from './states.js';

import { setOptional, type ActionHandlers } from '../../resources/update-actions.js';

/** Roles in the order first given, each once. */
const distinct = (roles: readonly StateRoleEnum[]): StateRoleEnum[] => [...new Set(roles)];

/** A state's transitions: states of its own type, by id or key, as references. */
async function transitionsOf(ctx: RequestContext, type: StateTypeEnum, identifiers: readonly ResourceIdentifier[]) {
  const refs = [];
  for (const [i, identifier] of identifiers.entries())
    refs.push({ typeId: 'state' as const, id: (await stateOfType(ctx, identifier, type, `transitions[${i}]`)).id });
  return refs;
}

/**
 * States: the workflow states a project defines for its orders and payments (and, on the platform,
 * line items, products, reviews and quotes), with the transitions allowed from each. A state in use
 * (by an order, a payment or another state's transitions) is not deleted and keeps its type.
 */
export class StateService extends DocumentService<State, StateDraft, StateUpdateAction> {
  readonly repository = stateRepository;
  protected readonly actions: ActionHandlers<State, StateUpdateAction> = {
    changeKey: (state, a) => void (state.key = a.key),
    changeType: async (state, a, ctx) => {
      if (a.type === state.type) return;
      await this.assertUnused(ctx, state, (user) => new InvalidOperationError(`The state '${state.key}' is used by a ${user}: it keeps its type.`));
      if (state.transitions?.length)
        throw new InvalidOperationError(`The state '${state.key}' has transitions to states of its type: remove them before changing its type.`);
      state.type = a.type;
    },
    changeInitial: (state, a) => void (state.initial = a.initial),
    setName: (state, a) => setOptional(state, 'name', a.name),
    setDescription: (state, a) => setOptional(state, 'description', a.description),
    setRoles: (state, a) => void (state.roles = distinct(a.roles)),
    addRoles: (state, a) => void (state.roles = distinct([...(state.roles ?? []), ...a.roles])),
    removeRoles: (state, a) => void (state.roles = (state.roles ?? []).filter((role) => !a.roles.includes(role))),
    setTransitions: async (state, a, ctx) => setOptional(state, 'transitions', a.transitions ? await transitionsOf(ctx, state.type, a.transitions) : undefined),
  };

  /** @param users the resources that reference states, each with a predicate on `:stateId`. */
  constructor(private readonly users: readonly Referrer[]) {
    super();
  }

  protected async fromDraft(ctx: RequestContext, draft: StateDraft): Promise<NewDocument<State>> {
    return {
      key: draft.key,
      type: draft.type,
      ...(draft.name !== undefined ? { name: draft.name } : {}),
      ...(draft.description !== undefined ? { description: draft.description } : {}),
      initial: draft.initial ?? true,
      builtIn: false,
      ...(draft.roles !== undefined ? { roles: distinct(draft.roles) } : {}),
      ...(draft.transitions !== undefined ? { transitions: await transitionsOf(ctx, draft.type, draft.transitions) } : {}),
    };
  }

  private async assertUnused(ctx: RequestContext, state: State, refuse: (user: string) => Error): Promise<void> {
    const user = await firstReferrer(ctx, this.users, { id: [state.id] });
    if (user) throw refuse(user);
  }

  override delete(ctx: RequestContext, at: DocumentAddress, version: number, expand?: readonly string[]): Promise<State> {
    return deleteUnlessReferenced(ctx, this.repository, at, version, this.users, expand);
  }
}
