import { ApiError, DuplicateFieldError } from '../errors/api-error.js';
import { translateUniqueViolation, type UniqueRule } from './unique-violations.js';

// The error shapes better-sqlite3 and pg produce (recorded from both databases).
const sqlite = (model: string, fields: string[], code = 'SQLITE_CONSTRAINT_UNIQUE') =>
  Object.assign(new Error(`UNIQUE constraint failed: ${fields.map((f) => `${model}.${f}`).join(', ')}`), { code });
const postgres = (model: string, constraint: string) =>
  Object.assign(new Error(`duplicate key value violates unique constraint "${constraint}"`), { code: '23505', table: model, constraint });

const rules: UniqueRule[] = [
  { model: 'Customer', fields: ['projectKey', 'key'], error: () => new DuplicateFieldError('key', 'k') },
  { model: 'Customer', fields: ['projectKey', 'customerNumber'], error: () => new DuplicateFieldError('customerNumber', 'n') },
  { model: 'CustomerEmail', fields: ['projectKey', 'scopeKey', 'emailLower'], primaryKey: true, error: () => new DuplicateFieldError('email', 'e') },
];

const field = (err: unknown) => (err instanceof ApiError ? err.extra.field : undefined);

describe('translateUniqueViolation', () => {
  it.each([
    ['SQLite columns', sqlite('Customer', ['projectKey', 'key']), 'key'],
    ['SQLite columns of another constraint', sqlite('Customer', ['projectKey', 'customerNumber']), 'customerNumber'],
    ['SQLite primary key', sqlite('CustomerEmail', ['projectKey', 'scopeKey', 'emailLower'], 'SQLITE_CONSTRAINT_PRIMARYKEY'), 'email'],
    ['PostgreSQL index name', postgres('Customer', 'Customer_projectKey_key_key'), 'key'],
    ['PostgreSQL index whose name ends like another rule', postgres('Customer', 'Customer_projectKey_customerNumber_key'), 'customerNumber'],
    ['PostgreSQL primary key', postgres('CustomerEmail', 'CustomerEmail_pkey'), 'email'],
  ])('maps %s to its rule', (_, err, expected) => {
    expect(field(translateUniqueViolation(err, rules))).toBe(expected);
  });

  it('passes other errors through unchanged', () => {
    const other = new Error('boom');
    expect(translateUniqueViolation(other, rules)).toBe(other);
    const unmapped = sqlite('Store', ['projectKey', 'key']);
    expect(translateUniqueViolation(unmapped, rules)).toBe(unmapped);
  });
});
