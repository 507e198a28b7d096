import type { AttributeGroup, AttributeGroupDraft, AttributeGroupUpdateAction, AttributeReference } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { DuplicateFieldError, InvalidOperationError } from '../../errors/api-error.js';
import { DocumentRepository, type NewDocument } from '../../resources/document-repository.js';
import { DocumentService } from '../../resources/document-service.js';
import { attributeGroupResource } from '../../resources/queryable-resources.js';
import { setOptional, type ActionHandlers } from '../../resources/update-actions.js';

/** The attribute names of a group, each once (a name twice is 400 DuplicateField). */
function distinct(attributes: readonly AttributeReference[]): AttributeReference[] {
  const seen = new Set<string>();
  for (const { key } of attributes) {
    if (seen.has(key)) throw new DuplicateFieldError('attributes', key);
    seen.add(key);
  }
  return attributes.map(({ key }) => ({ key }));
}

const actions: ActionHandlers<AttributeGroup, AttributeGroupUpdateAction> = {
  changeName: (doc, a) => void (doc.name = a.name),
  setDescription: (doc, a) => setOptional(doc, 'description', a.description),
  setKey: (doc, a) => setOptional(doc, 'key', a.key),
  addAttribute: (doc, a) => void (doc.attributes = distinct([...doc.attributes, a.attribute])),
  removeAttribute: (doc, a) => {
    if (!doc.attributes.some((attribute) => attribute.key === a.attribute.key))
      throw new InvalidOperationError(`The attribute group has no attribute '${a.attribute.key}'.`);
    doc.attributes = doc.attributes.filter((attribute) => attribute.key !== a.attribute.key);
  },
  setAttributes: (doc, a) => void (doc.attributes = distinct(a.attributes)),
};

/** Attribute groups (openapi/schemas/attribute-group.yaml): named sets of product attribute names. */
export class AttributeGroupService extends DocumentService<AttributeGroup, AttributeGroupDraft, AttributeGroupUpdateAction> {
  readonly repository = new DocumentRepository<AttributeGroup>({ resource: attributeGroupResource });
  protected readonly actions = actions;

  protected fromDraft(_ctx: RequestContext, draft: AttributeGroupDraft): NewDocument<AttributeGroup> {
    return {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      name: draft.name,
      ...(draft.description !== undefined ? { description: draft.description } : {}),
      attributes: distinct(draft.attributes),
    };
  }
}
