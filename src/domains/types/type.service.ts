import type { Type, TypeDraft, TypeUpdateAction } from '../../../generated/openapi/client/types.gen.js';

import { withTransaction, type RequestContext } from '../../context.js';

import type { DocumentAddress, NewDocument } from '../../resources/document-repository.js';

import { DocumentService } from '../../resources/document-service.js';

import { checkFieldNamesAgainstOtherTypes } from './field-definition-conflicts.js';

import { checkFieldDefinitions } from './field-definitions.js';

import { typeActions } from './type-update-actions.js';

import { typeRepository } from './type-repository.js';

import { dropFieldValues, typeReferrers, type TypeUser } from './type-users.js';

import { deleteUnlessReferenced } from '../../resources/referenced-delete.js';

import type { Referrer } from '../../resources/referrers.js';

/**
 * Custom-field types (the platform's `type` resource): which resources may use a type
 * (`resourceTypeIds`) and the fields it gives them. Resources' `custom` is checked against them in
 * custom-fields.ts.
 */
export class TypeService extends DocumentService<Type, TypeDraft, TypeUpdateAction> {
  readonly repository = typeRepository;
  protected readonly actions = typeActions;

  /** The resources using a Type, which keep it from being deleted. */
  private readonly referrers: readonly Referrer[];

  /** @param users the resources whose custom fields can use a Type (see type-users.ts). */
  constructor(private readonly users: readonly TypeUser[]) {
    super();
    this.referrers = typeReferrers(users);
  }

  protected async fromDraft(ctx: RequestContext, draft: TypeDraft): Promise<NewDocument<Type>> {
    const fieldDefinitions = draft.fieldDefinitions ?? [];
    checkFieldDefinitions(fieldDefinitions);
    await checkFieldNamesAgainstOtherTypes(ctx, draft, fieldDefinitions);
    return {
      key: draft.key,
      name: draft.name,
      ...(draft.description !== undefined ? { description: draft.description } : {}),
      resourceTypeIds: [...new Set(draft.resourceTypeIds)],
      fieldDefinitions,
    };
  }

  /**
   * Removing a field definition also removes that field's values from every resource using the
   * type, in the same transaction, so a field later added again under the name never meets values
   * of the old definition.
   */
  override update(
    ctx: RequestContext,
    at: DocumentAddress,
    update: { version: number; actions: readonly TypeUpdateAction[] },
    expand?: readonly string[],
  ): Promise<Type> {
    if (!update.actions.some((a) => a.action === 'removeFieldDefinition')) return super.update(ctx, at, update, expand);
    return withTransaction(ctx, async (tx) => {
      const before = await this.repository.versioned(tx, at, update.version);
      const after = await super.update(tx, { id: before.id }, update, expand);
      const removed = before.fieldDefinitions.filter((d) => !after.fieldDefinitions.some((a) => a.name === d.name)).map((d) => d.name);
      if (removed.length > 0) await dropFieldValues(tx, this.users, before.id, removed);
      return after;
    });
  }

  /**
   * A type that a resource still uses is not deleted: 400 ReferenceExists, so no resource is left
   * with custom fields nobody can read or change. The check and the delete share one transaction.
   */
  override delete(ctx: RequestContext, at: DocumentAddress, version: number, expand?: readonly string[]): Promise<Type> {
    return deleteUnlessReferenced(ctx, this.repository, at, version, this.referrers, expand);
  }
}
