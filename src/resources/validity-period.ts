import { InvalidInputError } from '../errors/api-error.js';

/** A resource valid only between `validFrom` and `validUntil` (cart discounts, discount codes). */
export interface ValidityPeriod {
  validFrom?: string;
  validUntil?: string;
}

/** Whether `at` (ms) lies in [validFrom, validUntil). */
export function validAt(doc: ValidityPeriod, at: number): boolean {
  return (doc.validFrom === undefined || Date.parse(doc.validFrom) <= at) && (doc.validUntil === undefined || at < Date.parse(doc.validUntil));
}

/** validUntil must come at least 1 ms after validFrom, as for prices. */
export function checkValidityPeriod(doc: ValidityPeriod): void {
  if (doc.validFrom !== undefined && doc.validUntil !== undefined && Date.parse(doc.validUntil) - Date.parse(doc.validFrom) < 1) {
    throw new InvalidInputError(`validUntil (${doc.validUntil}) must be at least 1 ms later than validFrom (${doc.validFrom}).`);
  }
}

/** The validity actions' effect: the given bounds set, an absent one removed, the period checked. */
export function setValidity(doc: ValidityPeriod, change: ValidityPeriod, which: 'validFrom' | 'validUntil' | 'both'): void {
  for (const field of which === 'both' ? (['validFrom', 'validUntil'] as const) : [which]) {
    const value = change[field];
    if (value !== undefined) doc[field] = value;
    else delete doc[field];
  }
  checkValidityPeriod(doc);
}
