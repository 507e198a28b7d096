import type { ShippingMethod, ShippingMethodDraft, ShippingMethodUpdateAction, TaxCategory, Zone } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';

import { DuplicateFieldError, InvalidOperationError } from '../../errors/api-error.js';
import { normalizeQueryParams, QUERY_LIMITS, type PagedQueryResult } from '../../query/index.js';

import { checkedCartPredicate, type CartFacts } from '../../query/cart/cart-predicate-scopes.js';

import { customFieldActions, customFieldsFromDraft } from '../types/index.js';

import { DocumentRepository, type NewDocument } from '../../resources/document-repository.js';

import { DocumentService } from '../../resources/document-service.js';

import { expandDocuments } from '../../resources/expansion.js';

import { shippingMethodResource } from '../../resources/queryable-resources.js';

import { resolveReference } from '../../resources/resource-identifiers.js';

import {
  checkZoneRates,
  matchingShippingRate,
  predicateMatches,
  sameShippingRate,
  shippingRateFromDraft,
  zoneRateOf,
  zoneRatesFromDrafts,
} from './shipping-rates.js';

import { setOptional, type ActionHandlers } from '../../resources/update-actions.js';

import { zoneCovers } from './zone.service.js';

/** Where shipping methods are matched for: a country and, optionally, a state (an address is one). */
type Location = { country: string; state?: string };

/**
 * Shipping methods: per zone one rate per currency, a tax category for the shipping price, an
 * optional cart predicate, and at most one default per project (kept by a unique index).
 */
export class ShippingMethodService extends DocumentService<ShippingMethod, ShippingMethodDraft, ShippingMethodUpdateAction> {
  readonly repository = new DocumentRepository<ShippingMethod>({
    resource: shippingMethodResource,
    extraColumns: { names: ['defaultFlag'], values: (doc) => ({ defaultFlag: doc.isDefault ? 'default' : null }) },
    uniqueRules: () => [
      {
        model: 'ShippingMethod',
        fields: ['projectKey', 'defaultFlag'],
        error: () =>
          new DuplicateFieldError('isDefault', true, 'A duplicate value true exists for field isDefault: the project already has a default shipping method.'),
      },
    ],
  });
  protected readonly actions: ActionHandlers<ShippingMethod, ShippingMethodUpdateAction>;

  constructor(
    private readonly taxCategories: DocumentRepository<TaxCategory>,
    private readonly zones: DocumentRepository<Zone>,
  ) {
    super();
    this.actions = {
      addZone: async (doc, a, ctx) => {
        doc.zoneRates.push({ zone: await resolveReference(ctx, zones, a.zone, 'zone'), shippingRates: [] });
        checkZoneRates(doc.zoneRates);
      },
      removeZone: async (doc, a, ctx) => {
        const zone = await resolveReference(ctx, zones, a.zone, 'zone');
        doc.zoneRates = doc.zoneRates.filter((z) => z !== zoneRateOf(doc, zone.id));
      },
      addShippingRate: async (doc, a, ctx) => {
        const zone = await resolveReference(ctx, zones, a.zone, 'zone');
        zoneRateOf(doc, zone.id).shippingRates.push(shippingRateFromDraft(a.shippingRate, 'shippingRate'));
        checkZoneRates(doc.zoneRates);
      },
      removeShippingRate: async (doc, a, ctx) => {
        const zone = await resolveReference(ctx, zones, a.zone, 'zone');
        const rates = zoneRateOf(doc, zone.id).shippingRates;
        const removed = shippingRateFromDraft(a.shippingRate, 'shippingRate');
        const index = rates.findIndex((r) => sameShippingRate(r, removed));
        if (index < 0) throw new InvalidOperationError(`The zone '${zone.id}' has no such shipping rate.`);
        rates.splice(index, 1);
      },
      changeName: (doc, a) => void (doc.name = a.name),
      changeTaxCategory: async (doc, a, ctx) => void (doc.taxCategory = await resolveReference(ctx, taxCategories, a.taxCategory, 'taxCategory')),
      changeIsDefault: (doc, a) => void (doc.isDefault = a.isDefault),
      changeActive: (doc, a) => void (doc.active = a.active),
      setKey: (doc, a) => setOptional(doc, 'key', a.key),
      setLocalizedName: (doc, a) => setOptional(doc, 'localizedName', a.localizedName),
      setLocalizedDescription: (doc, a) => setOptional(doc, 'localizedDescription', a.localizedDescription),
      setDescription: (doc, a) => setOptional(doc, 'description', a.description),
      setPredicate: (doc, a) => setOptional(doc, 'predicate', a.predicate === undefined ? undefined : checkedCartPredicate(a.predicate, 'predicate')),
      ...customFieldActions('shipping-method'),
    };
  }

  protected async fromDraft(ctx: RequestContext, draft: ShippingMethodDraft): Promise<NewDocument<ShippingMethod>> {
    const taxCategory = await resolveReference(ctx, this.taxCategories, draft.taxCategory, 'taxCategory');
    const zoneRates = await zoneRatesFromDrafts(ctx, this.zones, draft.zoneRates);
    const custom = await customFieldsFromDraft(ctx, 'shipping-method', draft.custom);
    return {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      name: draft.name,
      ...(draft.localizedName !== undefined ? { localizedName: draft.localizedName } : {}),
      ...(draft.localizedDescription !== undefined ? { localizedDescription: draft.localizedDescription } : {}),
      ...(draft.description !== undefined ? { description: draft.description } : {}),
      taxCategory,
      zoneRates,
      active: draft.active ?? true,
      isDefault: draft.isDefault,
      ...(draft.predicate !== undefined ? { predicate: checkedCartPredicate(draft.predicate, 'predicate') } : {}),
      ...(custom ? { custom } : {}),
    };
  }

  /**
   * GET /shipping-methods/matching-location: the active methods that ship to the location, each
   * narrowed to its first zone there; with a currency, only methods with a rate in it, that rate marked
   * `isMatching`. No cart: predicates are not evaluated.
   */
  matchingLocation(
    ctx: RequestContext,
    location: Location,
    currency: string | undefined,
    expand: readonly string[] = [],
  ): Promise<PagedQueryResult<ShippingMethod>> {
    return this.matching(ctx, location, currency, undefined, expand);
  }

  /** The active methods shipping to `address` (with a rate in `currency`; with cart facts, whose predicate matches), narrowed to the matching zone and rate. */
  async matching(
    ctx: RequestContext,
    address: Location,
    currency: string | undefined,
    facts: CartFacts | undefined,
    expand: readonly string[],
  ): Promise<PagedQueryResult<ShippingMethod>> {
    const covers = new Map<string, boolean>();
    const results: ShippingMethod[] = [];
    for (const method of await this.allActive(ctx)) {
      let match: ShippingMethod['zoneRates'][number] | undefined;
      for (const zoneRate of method.zoneRates) {
        if (!covers.has(zoneRate.zone.id)) {
          const zone = await this.zones.find(ctx, { id: zoneRate.zone.id });
          covers.set(zoneRate.zone.id, zone !== undefined && zoneCovers(zone, address));
        }
        if (covers.get(zoneRate.zone.id) && (currency === undefined || matchingShippingRate(zoneRate.shippingRates, currency))) {
          match = zoneRate;
          break;
        }
      }
      if (!match || (facts && !predicateMatches(method, facts))) continue;
      const rate = currency === undefined ? undefined : matchingShippingRate(match.shippingRates, currency)!;
      results.push({ ...method, zoneRates: [{ zone: match.zone, shippingRates: rate ? [{ ...rate, isMatching: true }] : match.shippingRates }] });
    }
    results.sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
    const page = expand.length > 0 ? await expandDocuments(ctx, results, expand) : results;
    return { limit: page.length, offset: 0, count: page.length, total: page.length, results: page };
  }

  private async allActive(ctx: RequestContext): Promise<ShippingMethod[]> {
    const found: ShippingMethod[] = [];
    for (let offset = 0; ; offset += QUERY_LIMITS.maxLimit) {
      const page = await this.repository.query(
        ctx,
        normalizeQueryParams({ where: ['active = true'], sort: ['createdAt asc'], limit: QUERY_LIMITS.maxLimit, offset, withTotal: false }),
      );
      found.push(...page.results);
      if (page.results.length < QUERY_LIMITS.maxLimit || offset + QUERY_LIMITS.maxLimit > QUERY_LIMITS.maxOffset) return found;
    }
  }
}
