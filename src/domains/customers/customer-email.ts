import type { KeyReference } from '../../../generated/openapi/client/types.gen.js';
import { DuplicateFieldError } from '../../errors/api-error.js';
import type { UniqueRule } from '../../db/unique-violations.js';

/**
 * E-mail uniqueness: project-wide among global customers, per store among store
 * customers, compared case-insensitively. Each customer owns one CustomerEmail row per scope it
 * signs in to; the table's primary key (projectKey, scopeKey, emailLower) enforces the rule.
 */

/** The scope of a global customer; store keys are at least 2 characters, so it never clashes. */
export const GLOBAL_SCOPE = '';

/** The comparison form of an e-mail: Unicode-normalised and lower-cased, the original kept for display. */
export function normalizeEmail(email: string): string {
  return email.normalize('NFC').toLowerCase();
}

/** The scopes a customer's e-mail must be unique in: the global scope, or each of its stores. */
export function emailScopes(stores: readonly KeyReference[]): string[] {
  return stores.length === 0 ? [GLOBAL_SCOPE] : stores.map((s) => s.key);
}

/** The `storeKeys` column: `,a,b,` so "member of store s" is a LIKE '%,s,%' for the query engine. */
export function storeKeysColumn(stores: readonly KeyReference[]): string {
  return stores.length === 0 ? '' : `,${stores.map((s) => s.key).join(',')},`;
}

/** The platform errors behind the customer tables' unique constraints. */
export function customerUniqueRules(values: { email: string; key?: string; customerNumber?: string }): UniqueRule[] {
  return [
    { model: 'Customer', fields: ['projectKey', 'key'], error: () => new DuplicateFieldError('key', values.key) },
    { model: 'Customer', fields: ['projectKey', 'customerNumber'], error: () => new DuplicateFieldError('customerNumber', values.customerNumber) },
    {
      model: 'CustomerEmail',
      fields: ['projectKey', 'scopeKey', 'emailLower'],
      primaryKey: true,
      error: () => new DuplicateFieldError('email', values.email, 'There is already an existing customer with the provided email.'),
    },
  ];
}
