import type { ProductType, ProductTypeDraft, ProductTypeUpdateAction } from '../../../generated/openapi/client/types.gen.js';
import { withTransaction, type RequestContext } from '../../context.js';
import { sql } from '../../db/statements.js';
import { ReferenceExistsError } from '../../errors/api-error.js';
import { DocumentRepository, type DocumentAddress, type NewDocument } from '../../resources/document-repository.js';
import { DocumentService } from '../../resources/document-service.js';
import { productTypeResource } from '../../resources/queryable-resources.js';
import { type ActionHandlers, setOptional } from '../../resources/update-actions.js';

const actions: ActionHandlers<ProductType, ProductTypeUpdateAction> = {
  changeName: (doc, a) => void (doc.name = a.name),
  changeDescription: (doc, a) => void (doc.description = a.description),
  setKey: (doc, a) => setOptional(doc, 'key', a.key),
};

const USED_BY_PRODUCT = sql('SELECT 1 AS "one" FROM "Product" WHERE "projectKey" = ? AND "productTypeId" = ? LIMIT 1');

/** Product types, minimal: what a product declares it is (name, description, attribute definitions). */
export class ProductTypeService extends DocumentService<ProductType, ProductTypeDraft, ProductTypeUpdateAction> {
  readonly repository = new DocumentRepository<ProductType>({ resource: productTypeResource });
  protected readonly actions = actions;

  protected fromDraft(_ctx: RequestContext, draft: ProductTypeDraft): NewDocument<ProductType> {
    return {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      name: draft.name,
      description: draft.description,
      attributes: draft.attributes ?? [],
    };
  }

  /** A product type that products use is not deleted (400 ReferenceExists), checked in the delete's transaction. */
  override delete(ctx: RequestContext, at: DocumentAddress, version: number, expand?: readonly string[]): Promise<ProductType> {
    return withTransaction(ctx, async (tx) => {
      const current = await this.repository.versioned(tx, at, version);
      if (await tx.db.first(USED_BY_PRODUCT[tx.db.dialect], [ctx.projectKey, current.id])) {
        throw new ReferenceExistsError('Can not delete a product-type while it is referenced by at least one product.', 'product');
      }
      return this.repository.delete(tx, { id: current.id }, version, expand);
    });
  }
}
