import type {
  Customer,
  Product,
  Reference,
  Review,
  ReviewDraft,
  ReviewRatingStatistics,
  ReviewTargetIdentifier,
  ReviewUpdateAction,
} from '../../../generated/openapi/client/types.gen.js';
import { withTransaction, type RequestContext } from '../../context.js';
import { sql } from '../../db/statements.js';
import { DuplicateFieldError } from '../../errors/api-error.js';
import { channelRepository } from '../channels/index.js';
import { customFieldActions, customFieldsFromDraft } from '../types/index.js';
import { DocumentRepository, type DocumentAddress, type NewDocument } from '../../resources/document-repository.js';
import { DocumentService } from '../../resources/document-service.js';
import { reviewResource } from '../../resources/queryable-resources.js';
import { resolveReference } from '../../resources/resource-identifiers.js';
import { stateOfType, stateRepository, transition } from '../states/index.js';
import { setOptional, type ActionHandlers } from '../../resources/update-actions.js';

const REVIEWS_OF_TARGET = sql('SELECT $DATA AS "data" FROM "Review" WHERE "projectKey" = ? AND "targetId" = ?');

/** Where reviews look up what they name, and where a product's statistics go (given by the composition root). */
export interface ReviewLinks {
  products: {
    readonly repository: DocumentRepository<Product>;
    /**
     * Writes a product's rating statistics (undefined: it has no review that counts) in the caller's
     * transaction, worked out by `statistics` once the product is locked: concurrent reviews of one
     * product are counted one after the other, none lost.
     */
    updateReviewStatistics(ctx: RequestContext, productId: string, statistics: () => Promise<ReviewRatingStatistics | undefined>): Promise<void>;
  };
  customers: DocumentRepository<Customer>;
}

/** The statistics of the reviews that count: those with a rating that are included in statistics. */
export function ratingStatistics(reviews: readonly Review[]): ReviewRatingStatistics | undefined {
  const ratings = reviews.filter((r) => r.includedInStatistics && r.rating !== undefined).map((r) => r.rating!);
  if (ratings.length === 0) return undefined;
  const ratingsDistribution: Record<string, number> = {};
  for (const rating of ratings) ratingsDistribution[rating] = (ratingsDistribution[rating] ?? 0) + 1;
  return {
    averageRating: Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 1e5) / 1e5,
    highestRating: Math.max(...ratings),
    lowestRating: Math.min(...ratings),
    count: ratings.length,
    ratingsDistribution,
  };
}

/**
 * Reviews (openapi/schemas/review.yaml). A review counts in its product's `reviewRatingStatistics`
 * while it has a rating and its state (if any) has the role ReviewIncludedInStatistics. Where the
 * platform updates the statistics eventually, here every write of a review recomputes them for the
 * products it targeted before and after, in the review's transaction (the product becomes a new
 * version, with its projections).
 */
export class ReviewService extends DocumentService<Review, ReviewDraft, ReviewUpdateAction> {
  readonly repository = new DocumentRepository<Review>({
    resource: reviewResource,
    extraColumns: {
      names: ['uniquenessValue', 'targetId'],
      values: (doc) => ({ uniquenessValue: doc.uniquenessValue ?? null, targetId: doc.target?.id ?? null }),
    },
    uniqueRules: (doc) => [
      { model: 'Review', fields: ['projectKey', 'uniquenessValue'], error: () => new DuplicateFieldError('uniquenessValue', doc.uniquenessValue) },
    ],
    beforeWrite: async (ctx, doc) => void (doc.includedInStatistics = await this.included(ctx, doc.state)),
  });
  protected readonly actions: ActionHandlers<Review, ReviewUpdateAction> = {
    setKey: (doc, a) => setOptional(doc, 'key', a.key),
    setAuthorName: (doc, a) => setOptional(doc, 'authorName', a.authorName),
    setLocale: (doc, a) => setOptional(doc, 'locale', a.locale),
    setRating: (doc, a) => setOptional(doc, 'rating', a.rating),
    setText: (doc, a) => setOptional(doc, 'text', a.text),
    setTitle: (doc, a) => setOptional(doc, 'title', a.title),
    setTarget: async (doc, a, ctx) => void (doc.target = await this.target(ctx, a.target)),
    setCustomer: async (doc, a, ctx) => {
      if (a.customer) doc.customer = await resolveReference(ctx, this.links.customers, a.customer, 'customer');
      else delete doc.customer;
    },
    transitionState: async (doc, a, ctx) => void (doc.state = await transition(ctx, doc.state, a.state, 'ReviewState', a.force)),
    ...customFieldActions('review'),
  };

  constructor(private readonly links: ReviewLinks) {
    super();
  }

  protected async fromDraft(ctx: RequestContext, draft: ReviewDraft): Promise<NewDocument<Review>> {
    const target = draft.target ? await this.target(ctx, draft.target) : undefined;
    const state = draft.state ? await stateOfType(ctx, draft.state, 'ReviewState', 'state') : undefined;
    const customer = draft.customer ? await resolveReference(ctx, this.links.customers, draft.customer, 'customer') : undefined;
    const custom = await customFieldsFromDraft(ctx, 'review', draft.custom);
    return {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      ...(draft.uniquenessValue !== undefined ? { uniquenessValue: draft.uniquenessValue } : {}),
      ...(draft.locale !== undefined ? { locale: draft.locale } : {}),
      ...(draft.authorName !== undefined ? { authorName: draft.authorName } : {}),
      ...(draft.title !== undefined ? { title: draft.title } : {}),
      ...(draft.text !== undefined ? { text: draft.text } : {}),
      ...(target ? { target } : {}),
      includedInStatistics: true,
      ...(draft.rating !== undefined ? { rating: draft.rating } : {}),
      ...(state ? { state: { typeId: 'state', id: state.id } } : {}),
      ...(customer ? { customer } : {}),
      ...(custom ? { custom } : {}),
    };
  }

  override create(ctx: RequestContext, draft: ReviewDraft, expand?: readonly string[]): Promise<Review> {
    return this.createAlong(ctx, draft, expand, (tx, review) => this.refreshStatistics(tx, [review.target]));
  }

  override update(
    ctx: RequestContext,
    at: DocumentAddress,
    update: { version: number; actions: readonly ReviewUpdateAction[] },
    expand?: readonly string[],
  ): Promise<Review> {
    return withTransaction(ctx, async (tx) => {
      const before = await this.repository.find(tx, at);
      const review = await super.update(tx, at, update);
      if (review.version !== before?.version) await this.refreshStatistics(tx, [before?.target, review.target]);
      return this.expanded(tx, review, expand);
    });
  }

  override delete(ctx: RequestContext, at: DocumentAddress, version: number, expand?: readonly string[]): Promise<Review> {
    return withTransaction(ctx, async (tx) => {
      const review = await super.delete(tx, at, version, expand);
      await this.refreshStatistics(tx, [review.target]);
      return review;
    });
  }

  /** A review counts in statistics unless its state lacks the role ReviewIncludedInStatistics. */
  private async included(ctx: RequestContext, state: Reference | undefined): Promise<boolean> {
    if (!state) return true;
    const found = await stateRepository.find(ctx, { id: state.id });
    return found?.roles?.includes('ReviewIncludedInStatistics') ?? false;
  }

  private async target(ctx: RequestContext, identifier: ReviewTargetIdentifier): Promise<Reference> {
    return identifier.typeId === 'channel'
      ? resolveReference(ctx, channelRepository, identifier, 'target')
      : resolveReference(ctx, this.links.products.repository, identifier, 'target');
  }

  /** Recomputes the statistics of the products among `targets` from their reviews, in the caller's transaction. */
  private async refreshStatistics(ctx: RequestContext, targets: ReadonlyArray<Reference | undefined>): Promise<void> {
    const productIds = new Set(targets.filter((t): t is Reference => t?.typeId === 'product').map((t) => t.id));
    for (const productId of productIds) {
      await this.links.products.updateReviewStatistics(ctx, productId, async () => {
        const rows = await ctx.db.rows<{ data: string }>(REVIEWS_OF_TARGET[ctx.db.dialect], [ctx.projectKey, productId]);
        return ratingStatistics(rows.map((row) => JSON.parse(row.data) as Review));
      });
    }
  }
}
