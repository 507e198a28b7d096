import type { ProductType, ProductTypeDraft, ProductTypeUpdateAction } from '../../../generated/openapi/client/types.gen.js';

import { type RequestContext } from '../../context.js';
import { DocumentRepository, type DocumentAddress, type NewDocument } from '../../resources/document-repository.js';

import { DocumentService } from '../../resources/document-service.js';

import { productTypeResource } from '../../resources/queryable-resources.js';

import { type ActionHandlers, setOptional } from '../../resources/update-actions.js';

import type { Referrer } from '../../resources/referrers.js';

import { deleteUnlessReferenced } from '../../resources/referenced-delete.js';

const actions: ActionHandlers<ProductType, ProductTypeUpdateAction> = {
  changeName: (doc, a) => void (doc.name = a.name),
  changeDescription: (doc, a) => void (doc.description = a.description),
  setKey: (doc, a) => setOptional(doc, 'key', a.key),
};

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

  /** `referrers`: the products, whose type keeps it from being deleted (400 ReferenceExists). */
  constructor(private readonly referrers: readonly Referrer[]) {
    super();
  }

  override delete(ctx: RequestContext, at: DocumentAddress, version: number, expand?: readonly string[]): Promise<ProductType> {
    return deleteUnlessReferenced(ctx, this.repository, at, version, this.referrers, expand);
  }
}
