import { randomBytes } from 'node:crypto';
import type { TaxCategory, TaxCategoryDraft, TaxCategoryUpdateAction, TaxRate, TaxRateDraft } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { DuplicateFieldError, InvalidFieldError, InvalidOperationError, RequiredFieldError } from '../../errors/api-error.js';
import { addRates, decimalRate, rateNumber, sameRate } from '../../shared/money/decimal-rate.js';
import type { DocumentAddress, NewDocument } from '../../resources/document-repository.js';
import { DocumentService } from '../../resources/document-service.js';
import { deleteUnlessReferenced } from '../../resources/referenced-delete.js';
import type { Referrer } from '../../resources/referrers.js';
import { taxCategoryRepository } from './tax-category-repository.js';
import { setOptional, type ActionHandlers } from '../../resources/update-actions.js';

/** A tax rate of a draft as stored: an id, and `amount` as the sum of its sub-rates when it has them. */
function taxRateFromDraft(draft: TaxRateDraft, field: string): TaxRate {
  let amount = draft.amount;
  if (draft.subRates !== undefined && draft.subRates.length > 0) {
    const sum = draft.subRates.map((s) => decimalRate(s.amount)).reduce(addRates);
    if (amount !== undefined && !sameRate(decimalRate(amount), sum)) {
      throw new InvalidFieldError(
        `${field}.amount`,
        amount,
        undefined,
        `The value ${amount} is not valid for field ${field}.amount: with subRates it must be their sum (${rateNumber(sum)}).`,
      );
    }
    amount = rateNumber(sum);
  }
  if (amount === undefined) throw new RequiredFieldError(`${field}.amount`);
  if (amount > 1)
    throw new InvalidFieldError(`${field}.amount`, amount, undefined, `The value ${amount} is not valid for field ${field}.amount: a rate is at most 1.`);
  return {
    id: randomBytes(6).toString('base64url'),
    ...(draft.key !== undefined ? { key: draft.key } : {}),
    name: draft.name,
    amount,
    includedInPrice: draft.includedInPrice,
    country: draft.country,
    ...(draft.state !== undefined ? { state: draft.state } : {}),
    ...(draft.subRates !== undefined ? { subRates: draft.subRates.map((s) => ({ name: s.name, amount: s.amount })) } : {}),
  };
}

/** One rate per country and state in a category (the rate a cart's address selects must be unambiguous), keys unique. */
function checkRates(rates: readonly TaxRate[]): void {
  rates.forEach((rate, i) => {
    const earlier = rates.slice(0, i);
    if (earlier.some((r) => r.country === rate.country && r.state === rate.state)) {
      throw new InvalidOperationError(
        `The tax category already has a tax rate for country '${rate.country}'${rate.state !== undefined ? ` and state '${rate.state}'` : ''}.`,
      );
    }
    if (rate.key !== undefined && earlier.some((r) => r.key === rate.key)) throw new DuplicateFieldError('rates.key', rate.key);
  });
}

function findRate(doc: TaxCategory, by: { taxRateId?: string; taxRateKey?: string }): number {
  if (by.taxRateId === undefined && by.taxRateKey === undefined) throw new RequiredFieldError('taxRateId');
  const index = doc.rates.findIndex((r) => (by.taxRateId !== undefined ? r.id === by.taxRateId : r.key === by.taxRateKey));
  if (index < 0)
    throw new InvalidOperationError(`The tax category has no tax rate with ${by.taxRateId !== undefined ? `id '${by.taxRateId}'` : `key '${by.taxRateKey}'`}.`);
  return index;
}

const actions: ActionHandlers<TaxCategory, TaxCategoryUpdateAction> = {
  addTaxRate: (doc, a) => {
    doc.rates.push(taxRateFromDraft(a.taxRate, 'taxRate'));
    checkRates(doc.rates);
  },
  removeTaxRate: (doc, a) => void doc.rates.splice(findRate(doc, a), 1),
  replaceTaxRate: (doc, a) => {
    doc.rates[findRate(doc, a)] = taxRateFromDraft(a.taxRate, 'taxRate');
    checkRates(doc.rates);
  },
  changeName: (doc, a) => void (doc.name = a.name),
  setDescription: (doc, a) => setOptional(doc, 'description', a.description),
  setKey: (doc, a) => setOptional(doc, 'key', a.key),
};

/**
 * Tax categories: tax rates per country (and state), each included in the price or added to it,
 * possibly a sum of sub-rates. A category that products or shipping methods use cannot be deleted.
 */
export class TaxCategoryService extends DocumentService<TaxCategory, TaxCategoryDraft, TaxCategoryUpdateAction> {
  readonly repository = taxCategoryRepository;
  protected readonly actions = actions;

  /** What refers to this resource and so keeps it from being deleted. */
  constructor(private readonly referrers: readonly Referrer[]) {
    super();
  }

  protected fromDraft(_ctx: RequestContext, draft: TaxCategoryDraft): NewDocument<TaxCategory> {
    const rates = (draft.rates ?? []).map((r, i) => taxRateFromDraft(r, `rates[${i}]`));
    checkRates(rates);
    return {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      name: draft.name,
      ...(draft.description !== undefined ? { description: draft.description } : {}),
      rates,
    };
  }

  override delete(ctx: RequestContext, at: DocumentAddress, version: number, expand?: readonly string[]): Promise<TaxCategory> {
    return deleteUnlessReferenced(ctx, this.repository, at, version, this.referrers, expand);
  }
}
