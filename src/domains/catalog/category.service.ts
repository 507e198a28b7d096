import { randomInt } from 'node:crypto';
import type { Category, CategoryDraft, CategoryUpdateAction } from '../../../generated/openapi/client/types.gen.js';
import { withTransaction, type RequestContext } from '../../context.js';
import { sql } from '../../db/statements.js';
import { translateUniqueViolation } from '../../db/unique-violations.js';
import { DuplicateFieldError } from '../../errors/api-error.js';
import { assetsFromDrafts } from './assets.js';
import { ancestorsBelow, categoryActions } from './category-actions.js';
import { categoryRepository } from './category-repository.js';
import { customFieldsFromDraft } from '../types/index.js';
import type { DocumentAddress, NewDocument } from '../../resources/document-repository.js';
import { DocumentService } from '../../resources/document-service.js';
import { resolveIdentifier } from '../../resources/resource-identifiers.js';

const DELETE_SLUGS = sql('DELETE FROM "CategorySlug" WHERE "categoryId" = ?');
const INSERT_SLUG = sql('INSERT INTO "CategorySlug" ("projectKey", "locale", "slug", "categoryId") VALUES (?, ?, ?, ?)');

/** What else holds references to categories and must let go of deleted ones (products). */
export interface CategoryReferrer {
  removeCategories(ctx: RequestContext, categoryIds: readonly string[]): Promise<void>;
}

/** The platform assigns a random order hint, a decimal between 0 and 1, when a draft has none. */
function randomOrderHint(): string {
  return `0.${String(randomInt(1, 1_000_000_000)).padStart(9, '0')}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

/**
 * Categories: a tree in which every category stores its `parent` and its `ancestors` (the path from
 * the root down to the parent), kept true in the transaction that moves a category (its descendants
 * are rewritten with it). Slugs are unique per locale in the project: the CategorySlug rows are
 * written with the category, so the database refuses a slug another category has. Deleting a
 * category deletes its whole subtree, as on the platform, and products lose the deleted categories.
 */
export class CategoryService extends DocumentService<Category, CategoryDraft, CategoryUpdateAction> {
  readonly repository = categoryRepository;
  protected readonly actions = categoryActions;

  constructor(private readonly referrers: readonly CategoryReferrer[]) {
    super();
  }

  protected async fromDraft(ctx: RequestContext, draft: CategoryDraft): Promise<NewDocument<Category>> {
    const parent = draft.parent ? await resolveIdentifier(ctx, categoryRepository, draft.parent, 'parent') : undefined;
    const custom = await customFieldsFromDraft(ctx, 'category', draft.custom);
    const assets = await assetsFromDrafts(ctx, draft.assets ?? [], 'assets');
    return {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      ...(draft.externalId !== undefined ? { externalId: draft.externalId } : {}),
      name: draft.name,
      slug: draft.slug,
      ...(draft.description !== undefined ? { description: draft.description } : {}),
      ancestors: parent ? ancestorsBelow(parent) : [],
      ...(parent ? { parent: { typeId: 'category', id: parent.id } } : {}),
      orderHint: draft.orderHint ?? randomOrderHint(),
      ...(draft.metaTitle !== undefined ? { metaTitle: draft.metaTitle } : {}),
      ...(draft.metaDescription !== undefined ? { metaDescription: draft.metaDescription } : {}),
      ...(draft.metaKeywords !== undefined ? { metaKeywords: draft.metaKeywords } : {}),
      ...(custom ? { custom } : {}),
      assets,
    };
  }

  override create(ctx: RequestContext, draft: CategoryDraft, expand?: readonly string[]): Promise<Category> {
    return this.createAlong(ctx, draft, expand, writeSlugs);
  }

  override update(
    ctx: RequestContext,
    at: DocumentAddress,
    update: { version: number; actions: readonly CategoryUpdateAction[] },
    expand?: readonly string[],
  ): Promise<Category> {
    return withTransaction(ctx, async (tx) => {
      const before = await this.repository.versioned(tx, at, update.version);
      const category = await super.update(tx, { id: before.id }, update);
      if (category.version !== before.version) {
        if (JSON.stringify(category.slug) !== JSON.stringify(before.slug)) await writeSlugs(tx, category);
        if (JSON.stringify(category.ancestors) !== JSON.stringify(before.ancestors)) await this.moveDescendants(tx, category);
      }
      return this.expanded(tx, category, expand);
    });
  }

  override delete(ctx: RequestContext, at: DocumentAddress, version: number, expand?: readonly string[]): Promise<Category> {
    return withTransaction(ctx, async (tx) => {
      const category = await super.delete(tx, at, version, expand);
      const deleted = [category.id];
      await this.repository.forEachMatch(tx, { where: ['ancestors(id = :categoryId)'], vars: { categoryId: [category.id] } }, async (descendant) => {
        await this.repository.delete(tx, { id: descendant.id }, descendant.version);
        deleted.push(descendant.id);
      });
      for (const id of deleted) await tx.db.executeRaw(DELETE_SLUGS[tx.db.dialect], [id]);
      for (const referrer of this.referrers) await referrer.removeCategories(tx, deleted);
      return category;
    });
  }

  /** After `category` moved: every descendant's ancestors start with the category's new path. */
  private async moveDescendants(ctx: RequestContext, category: Category): Promise<void> {
    const path = ancestorsBelow(category);
    await this.repository.forEachMatch(ctx, { where: ['ancestors(id = :categoryId)'], vars: { categoryId: [category.id] } }, async (descendant) => {
      const below = descendant.ancestors.slice(descendant.ancestors.findIndex((a) => a.id === category.id) + 1);
      await this.repository.replace(ctx, descendant, { ...structuredClone(descendant), ancestors: [...path, ...below] });
    });
  }
}

/** Replaces the category's CategorySlug rows; a slug another category has in that locale is 400 DuplicateField. */
async function writeSlugs(ctx: RequestContext, category: Category): Promise<void> {
  await ctx.db.executeRaw(DELETE_SLUGS[ctx.db.dialect], [category.id]);
  for (const [locale, slug] of Object.entries(category.slug)) {
    try {
      await ctx.db.executeRaw(INSERT_SLUG[ctx.db.dialect], [ctx.projectKey, locale, slug, category.id]);
    } catch (err) {
      throw translateUniqueViolation(err, [
        {
          model: 'CategorySlug',
          fields: ['projectKey', 'locale', 'slug'],
          primaryKey: true,
          error: () => new DuplicateFieldError(`slug.${locale}`, slug, `A duplicate value '"${slug}"' exists for field 'slug.${locale}'.`),
        },
      ]);
    }
  }
}
