import type {
  AttributeDefinition,
  AttributeDefinitionDraft,
  ProductType,
  ProductTypeDraft,
  ProductTypeUpdateAction,
} from '../../../generated/openapi/client/types.gen.js';

import { type RequestContext } from '../../context.js';
import type { DocumentAddress, NewDocument } from '../../resources/document-repository.js';

import { DocumentService } from '../../resources/document-service.js';

import { productTypeRepository } from './product-type-repository.js';

import { type ActionHandlers, setOptional } from '../../resources/update-actions.js';

import type { Referrer } from '../../resources/referrers.js';

import { deleteUnlessReferenced } from '../../resources/referenced-delete.js';

const actions: ActionHandlers<ProductType, ProductTypeUpdateAction> = {
  changeName: (doc, a) => void (doc.name = a.name),
  changeDescription: (doc, a) => void (doc.description = a.description),
  setKey: (doc, a) => setOptional(doc, 'key', a.key),
};

/** The platform's defaults for what an attribute definition's draft leaves out. */
function attributeDefinition(draft: AttributeDefinitionDraft): AttributeDefinition {
  return {
    ...draft,
    attributeConstraint: draft.attributeConstraint ?? 'None',
    inputHint: draft.inputHint ?? 'SingleLine',
    isSearchable: draft.isSearchable ?? true,
  };
}

/** Product types: what a product declares it is (name, description, attribute definitions). */
export class ProductTypeService extends DocumentService<ProductType, ProductTypeDraft, ProductTypeUpdateAction> {
  readonly repository = productTypeRepository;
  protected readonly actions = actions;

  protected fromDraft(_ctx: RequestContext, draft: ProductTypeDraft): NewDocument<ProductType> {
    return {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      name: draft.name,
      description: draft.description,
      attributes: (draft.attributes ?? []).map(attributeDefinition),
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
