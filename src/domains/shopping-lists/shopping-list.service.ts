import type {
  BusinessUnit,
  MyShoppingListDraft,
  MyShoppingListUpdateAction,
  ShoppingList,
  ShoppingListDraft,
  ShoppingListUpdateAction,
} from '../../../generated/openapi/client/types.gen.js';
import { withTransaction, type RequestContext } from '../../context.js';
import { sql } from '../../db/statements.js';
import { translateUniqueViolation } from '../../db/unique-violations.js';
import { DuplicateFieldError } from '../../errors/api-error.js';
import { resolveCustomerId, resolveStores } from '../../resources/reference-resolvers.js';
import { ownDocuments, ownerOf, ownerReferenceFields } from '../../resources/views/owner.js';
import { documentsInStore } from '../../resources/views/in-store-documents.js';
import { customFieldsFromDraft } from '../types/index.js';
import { DocumentRepository, type DocumentAddress, type NewDocument } from '../../resources/document-repository.js';
import { DocumentService } from '../../resources/document-service.js';
import type { ProductLookup } from '../catalog/index.js';
import { shoppingListResource } from '../../resources/queryable-resources.js';
import { resolveIdentifier } from '../../resources/resource-identifiers.js';
import { assertCustomerMayIn, assertMayNameUnit, myOthersAccess, owningUnit } from '../business-units/index.js';

import { ownDeadline } from '../../resources/retention-deadline.js';
import { shoppingListsAsAssociate } from './shopping-list-as-associate.js';
import { shoppingListActions } from './shopping-list-actions.js';
import { addLineItem, addTextLineItem, expandLineItems } from './shopping-list-lines.js';

/** The permissions a customer needs for its own shopping lists of a business unit. */
const MY_LISTS = myOthersAccess('ShoppingLists', 'shopping lists');

const DELETE_SLUGS = sql('DELETE FROM "ShoppingListSlug" WHERE "shoppingListId" = ?');
const INSERT_SLUG = sql('INSERT INTO "ShoppingListSlug" ("projectKey", "locale", "slug", "shoppingListId") VALUES (?, ?, ?, ?)');

type Update<A> = { version: number; actions: readonly A[] };

/** The owner columns of a list: /me reads and the sign-in reassignment find a caller's lists on them. */
const ownerColumns = (list: ShoppingList) => ({ customerId: list.customer?.id, anonymousId: list.anonymousId, store: list.store });

/**
 * Shopping lists: a customer's or an anonymous session's list of product variants (resolved against
 * the products) and free-text items, kept until their retention runs out (src/flows/retention.ts).
 * Slugs are unique in the project per locale: every write keeps the list's ShoppingListSlug rows in
 * the same transaction, so the database refuses a slug another list has, even under concurrent writes.
 */
export class ShoppingListService extends DocumentService<ShoppingList, ShoppingListDraft, ShoppingListUpdateAction> {
  readonly repository: DocumentRepository<ShoppingList>;
  protected readonly actions;

  /** The in-store shopping list endpoints' view: only the lists of the request's store. */
  readonly inStore = documentsInStore<ShoppingList, ShoppingListDraft, Update<ShoppingListUpdateAction>>(this, 'shopping list');

  /** The associate shopping list endpoints' view: the lists of the path's business unit, as the path's associate may see and change them. */
  readonly asAssociate = shoppingListsAsAssociate(this);

  /** The caller's own lists (/me), in the request's store if there is one. */
  readonly mine: ReturnType<typeof ownDocuments<ShoppingList>>;

  constructor(
    readonly products: ProductLookup,
    readonly businessUnits: DocumentRepository<BusinessUnit>,
  ) {
    super();
    this.actions = shoppingListActions(products, () => this.businessUnits);
    this.repository = new DocumentRepository<ShoppingList>({
      resource: shoppingListResource,
      extraColumns: {
        names: ['customerId', 'anonymousId', 'businessUnitKey', 'storeKey', 'deleteAfter'],
        values: (doc) => ({
          customerId: doc.customer?.id ?? null,
          anonymousId: doc.anonymousId ?? null,
          businessUnitKey: doc.businessUnit?.key ?? null,
          storeKey: doc.store?.key ?? null,
          deleteAfter: ownDeadline(doc),
        }),
      },
      expandFields: (ctx, docs, paths) => expandLineItems(ctx, docs, paths, products),
    });
    this.mine = ownDocuments(this.repository, ownerColumns);
  }

  protected async fromDraft(ctx: RequestContext, draft: ShoppingListDraft): Promise<NewDocument<ShoppingList>> {
    const custom = await customFieldsFromDraft(ctx, 'shopping-list', draft.custom);
    const list = {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      name: draft.name,
      ...(draft.slug !== undefined ? { slug: draft.slug } : {}),
      ...(draft.description !== undefined ? { description: draft.description } : {}),
      ...(draft.customer ? { customer: { typeId: 'customer' as const, id: await resolveCustomerId(ctx, draft.customer) } } : {}),
      ...(draft.anonymousId !== undefined ? { anonymousId: draft.anonymousId } : {}),
      ...(draft.store ? { store: (await resolveStores(ctx, [draft.store], 'store'))[0] } : {}),
      lineItems: [],
      textLineItems: [],
      ...(draft.deleteDaysAfterLastModification !== undefined ? { deleteDaysAfterLastModification: draft.deleteDaysAfterLastModification } : {}),
      ...(custom ? { custom } : {}),
    } as unknown as ShoppingList; // the fields the repository adds (id, version, timestamps) come on create
    if (draft.businessUnit) {
      list.businessUnit = await owningUnit(ctx, this.businessUnits, draft.businessUnit, { customerId: list.customer?.id, store: list.store }, 'shopping list');
    }
    for (const item of draft.lineItems ?? []) await addLineItem(ctx, list, item, this.products);
    for (const item of draft.textLineItems ?? []) addTextLineItem(ctx, list, item);
    return list;
  }

  override create(ctx: RequestContext, draft: ShoppingListDraft, expand?: readonly string[]): Promise<ShoppingList> {
    return withTransaction(ctx, async (tx) => {
      const list = await super.create(tx, draft);
      await writeSlugs(tx, list);
      return this.repository.expand(tx, [list], expand ?? []).then(([expanded]) => expanded);
    });
  }

  override update(ctx: RequestContext, at: DocumentAddress, update: Update<ShoppingListUpdateAction>, expand?: readonly string[]): Promise<ShoppingList> {
    return withTransaction(ctx, async (tx) => {
      const list = await super.update(tx, at, update);
      await writeSlugs(tx, list);
      return this.repository.expand(tx, [list], expand ?? []).then(([expanded]) => expanded);
    });
  }

  override delete(ctx: RequestContext, at: DocumentAddress, version: number, expand?: readonly string[]): Promise<ShoppingList> {
    return withTransaction(ctx, async (tx) => {
      const list = await super.delete(tx, at, version, expand);
      await tx.db.executeRaw(DELETE_SLUGS[tx.db.dialect], [list.id]);
      return list;
    });
  }

  /**
   * POST /me/shopping-lists: the list belongs to the token's customer or anonymous session; on the
   * in-store form, to the path's store too.
   */
  async createMine(ctx: RequestContext, draft: MyShoppingListDraft, expand?: readonly string[]): Promise<ShoppingList> {
    const owner = await ownerOf(ctx);
    assertMayNameUnit(draft, owner, 'shopping list');
    // A list of a business unit is created as the customer acting as the unit's associate (CreateMyShoppingLists).
    if (draft.businessUnit && 'customerId' in owner) {
      const unit = await resolveIdentifier(ctx, this.businessUnits, draft.businessUnit, 'businessUnit');
      await assertCustomerMayIn(ctx, unit, owner.customerId, MY_LISTS.create);
    }
    return (ctx.storeKey === undefined ? this : this.inStore).create(ctx, { ...draft, ...ownerReferenceFields(owner) }, expand);
  }

  updateMine(ctx: RequestContext, at: DocumentAddress, update: Update<MyShoppingListUpdateAction>, expand?: readonly string[]): Promise<ShoppingList> {
    return withTransaction(ctx, async (tx) => this.update(tx, { id: (await this.mine.get(tx, at)).id }, update, expand));
  }

  deleteMine(ctx: RequestContext, at: DocumentAddress, version: number, expand?: readonly string[]): Promise<ShoppingList> {
    return withTransaction(ctx, async (tx) => this.delete(tx, { id: (await this.mine.get(tx, at)).id }, version, expand));
  }
}

/** Replaces the list's slug rows by its slug's values; a value another list has for that locale is 400 DuplicateField. */
async function writeSlugs(ctx: RequestContext, list: ShoppingList): Promise<void> {
  await ctx.db.executeRaw(DELETE_SLUGS[ctx.db.dialect], [list.id]);
  for (const [locale, slug] of Object.entries(list.slug ?? {})) {
    try {
      await ctx.db.executeRaw(INSERT_SLUG[ctx.db.dialect], [ctx.projectKey, locale, slug, list.id]);
    } catch (err) {
      throw translateUniqueViolation(err, [
        { model: 'ShoppingListSlug', fields: ['projectKey', 'locale', 'slug'], primaryKey: true, error: () => new DuplicateFieldError('slug', slug) },
      ]);
    }
  }
}
