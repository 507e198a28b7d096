import type { BusinessUnit, KeyReference, ResourceIdentifier } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import type { JsonText } from '../../db/json-text.js';
import type { PagedQueryResult, PredicateVariables, QueryParams } from '../../query/index.js';
import { actingAssociate, assertActive, assertMay, assertOfUnit, permissionsIn, visibleTo, type Access, type Acting } from './associate-access.js';
import { unitRef } from './business-unit-hierarchy.js';
import type { DocumentAddress, DocumentRepository, VersionedDocument } from '../../resources/document-repository.js';
import { resolveIdentifier } from '../../resources/resource-identifiers.js';
import { notFound } from '../../resources/versioning.js';

/** A document a business unit may own (a cart, a shopping list): its unit and its customer. */
type UnitDocument = VersionedDocument & { businessUnit?: KeyReference };

/** What the associate view needs from the resource's own service. */
export interface Resource<D extends UnitDocument, A> {
  readonly repository: DocumentRepository<D>;
  readonly businessUnits: DocumentRepository<BusinessUnit>;
  update(ctx: RequestContext, at: DocumentAddress, update: { version: number; actions: readonly A[] }, expand?: readonly string[]): Promise<D>;
}

/** A resource whose documents associates make from drafts and delete (carts, shopping lists). */
export interface DraftedResource<D extends UnitDocument, Draft, A> extends Resource<D, A> {
  create(ctx: RequestContext, draft: Draft, expand?: readonly string[]): Promise<D>;
  delete(ctx: RequestContext, at: DocumentAddress, version: number, expand?: readonly string[]): Promise<D>;
}

/** The rules of an associate's access to a unit's documents, whatever makes them (a draft, a cart). */
export interface AssociateAccessRules<D, A> {
  kind: 'cart' | 'order' | 'shopping list' | 'quote request' | 'quote';
  /** The permissions of each kind of access. */
  access: { view: Access; update: Access };
  /** The customer whose document it is (none: someone else's). */
  customerOf(doc: D): string | undefined;
  /** What an action hands over: the document to another customer, or into another unit (each needs the update permission there too). */
  handsOver(ctx: RequestContext, action: A): Promise<{ customer: string | undefined } | { unit: ResourceIdentifier } | undefined>;
}

export interface AssociateDocumentRules<D, Draft, A> extends AssociateAccessRules<D, A> {
  access: AssociateAccessRules<D, A>['access'] & { create: Access; delete: Access };
  /** The draft's customer; a draft naming none becomes the associate's own. */
  draftCustomer(ctx: RequestContext, draft: Draft): Promise<string | undefined>;
  /** The draft made for the unit and customer (the draft's own `businessUnit` is ignored, as documented). */
  forUnit(draft: Draft, unit: KeyReference, customerId: string): Draft;
}

/**
 * The eleven operations of a business unit's carts or shopping lists for a customer acting for the
 * unit (`/{projectKey}/as-associate/{associateId}/in-business-unit/key={businessUnitKey}/…`), for the
 * standard route factory, with the permissions of associate-access.ts:
 * - a document of another unit is 400 InvalidOperation on GET, update and delete (the platform's
 *   documented answer) and 404 on HEAD; queries are filtered in SQL on the indexed unit and customer;
 * - a draft without a customer makes the associate's own; the unit's documents are read-only while it
 *   is Inactive, as the unit itself is through the as-associate endpoints;
 * - an action handing the document to someone else needs the `…Others…` permission, and one moving it
 *   into another unit needs the same update permission there.
 * The checks are made on the document as read; every write is conditional on the version the caller
 * sent, so a document changed in between (another customer, another unit) is a 409, never a write past
 * the check.
 */
export function associateDocuments<D extends UnitDocument, Draft, A>(resource: DraftedResource<D, Draft, A>, rules: AssociateDocumentRules<D, Draft, A>) {
  const { access } = rules;
  return {
    async create(ctx: RequestContext, draft: Draft, expand?: readonly string[]): Promise<D> {
      const a = await actingAssociate(ctx, resource.businessUnits);
      assertActive(a, readOnly(rules.kind));
      const customerId = (await rules.draftCustomer(ctx, draft)) ?? a.associateId;
      assertMay(a, access.create, customerId);
      // The resource's own rules check that the customer is an associate of the unit and the store one of its stores.
      return resource.create(ctx, rules.forUnit(draft, unitRef(a.unit.key), customerId), expand);
    },
    ...associateAccess(resource, rules),
    async delete(ctx: RequestContext, at: DocumentAddress, version: number, expand?: readonly string[]): Promise<D> {
      const a = await actingAssociate(ctx, resource.businessUnits);
      assertActive(a, readOnly(rules.kind));
      const doc = await ofUnit(ctx, resource, a, at, rules.kind);
      assertMay(a, access.delete, rules.customerOf(doc));
      return resource.delete(ctx, { id: doc.id }, version, expand);
    },
  };
}

const readOnly = (kind: string) => `its ${kind}s can be changed only through the general endpoints`;

/** The document at `at` (404 if there is none), which must belong to the acting associate's unit (else 400). */
async function ofUnit<D extends UnitDocument>(
  ctx: RequestContext,
  resource: Resource<D, unknown>,
  a: Acting,
  at: DocumentAddress,
  kind: AssociateAccessRules<D, unknown>['kind'],
): Promise<D> {
  const doc = await resource.repository.find(ctx, at);
  if (!doc) throw notFound(at);
  assertOfUnit(a, doc, kind);
  return doc;
}

/**
 * The associate view of a unit's documents without their creation (orders are made from carts, not
 * from drafts, and associates do not delete them): reads, queries, HEAD and update, with the rules above.
 */
export function associateAccess<D extends UnitDocument, A>(resource: Resource<D, A>, rules: AssociateAccessRules<D, A>) {
  const { access, kind } = rules;
  // The resource's repository and units are read when called: they may be set after this view is made.
  const acting = (ctx: RequestContext) => actingAssociate(ctx, resource.businessUnits);

  async function assertMayApply(ctx: RequestContext, a: Acting, doc: D, actions: readonly A[]): Promise<void> {
    assertMay(a, access.update, rules.customerOf(doc));
    for (const action of actions) {
      const handover = await rules.handsOver(ctx, action);
      if (handover && 'customer' in handover) assertMay(a, access.update, handover.customer);
      if (handover && 'unit' in handover) {
        const unit = await resolveIdentifier(ctx, resource.businessUnits, handover.unit, 'businessUnit');
        assertMay(a, access.update, rules.customerOf(doc), unit, await permissionsIn(ctx, unit, a.associateId));
      }
    }
  }

  return {
    async getForResponse(ctx: RequestContext, at: DocumentAddress, expand?: readonly string[]): Promise<D | JsonText> {
      const a = await acting(ctx);
      const doc = await ofUnit(ctx, resource, a, at, kind);
      assertMay(a, access.view, rules.customerOf(doc));
      return expand?.length ? resource.repository.get(ctx, { id: doc.id }, expand) : doc;
    },
    async exists(ctx: RequestContext, at: DocumentAddress): Promise<boolean> {
      const a = await acting(ctx);
      const doc = await resource.repository.find(ctx, at);
      if (!doc || doc.businessUnit?.key !== a.unit.key) return false;
      assertMay(a, access.view, rules.customerOf(doc));
      return true;
    },
    async query(ctx: RequestContext, params: QueryParams): Promise<PagedQueryResult<D>> {
      return resource.repository.query(ctx, params, visibleTo(ctx, await acting(ctx), access.view));
    },
    async anyMatches(ctx: RequestContext, params: { where: readonly string[]; vars?: PredicateVariables }): Promise<boolean> {
      return resource.repository.anyMatches(ctx, params, visibleTo(ctx, await acting(ctx), access.view));
    },
    async update(ctx: RequestContext, at: DocumentAddress, update: { version: number; actions: readonly A[] }, expand?: readonly string[]): Promise<D> {
      const a = await acting(ctx);
      assertActive(a, readOnly(kind));
      const doc = await ofUnit(ctx, resource, a, at, kind);
      await assertMayApply(ctx, a, doc, update.actions);
      return resource.update(ctx, { id: doc.id }, update, expand);
    },
  };
}
