import type { Type, TypeDraft, TypeUpdateAction } from '../../generated/openapi/client/types.gen.js';
import { withTransaction, type RequestContext } from '../context.js';
import { ReferenceExistsError } from '../errors/api-error.js';
import { firstTypeUser } from './custom-fields.js';
import type { DocumentAddress, NewDocument } from './document-repository.js';
import { DocumentService } from './document-service.js';
import { checkFieldDefinitions } from './field-definitions.js';
import { typeActions } from './type-update-actions.js';
import { typeRepository } from './type-repository.js';

/**
 * Custom-field types (the platform's `type` resource): which resources may use a type
 * (`resourceTypeIds`) and the fields it gives them. Resources' `custom` is checked against them in
 * custom-fields.ts.
 */
export class TypeService extends DocumentService<Type, TypeDraft, TypeUpdateAction> {
  readonly repository = typeRepository;
  protected readonly actions = typeActions;

  protected fromDraft(_ctx: RequestContext, draft: TypeDraft): NewDocument<Type> {
    const fieldDefinitions = draft.fieldDefinitions ?? [];
    checkFieldDefinitions(fieldDefinitions);
    return {
      key: draft.key,
      name: draft.name,
      ...(draft.description !== undefined ? { description: draft.description } : {}),
      resourceTypeIds: [...new Set(draft.resourceTypeIds)],
      fieldDefinitions,
    };
  }

  /**
   * A type that a resource still uses is not deleted: 400 ReferenceExists, so no resource is left
   * with custom fields nobody can read or change. The check and the delete share one transaction.
   */
  override delete(ctx: RequestContext, at: DocumentAddress, version: number, expand?: readonly string[]): Promise<Type> {
    return withTransaction(ctx, async (tx) => {
      const current = await this.repository.versioned(tx, at, version);
      const user = await firstTypeUser(tx, current.id);
      if (user) throw new ReferenceExistsError(`Can not delete a type while it is referenced by at least one ${user}.`, user);
      return this.repository.delete(tx, { id: current.id }, version, expand);
    });
  }
}
