import { ApiError, DuplicateFieldError } from '../errors/api-error.js';
import { translatePrismaError, type UniqueRule } from './prisma-errors.js';

// The P2002 shapes Prisma 7's driver adapters produce (recorded from both databases).
const sqlite = (model: string, fields: string[]) => ({
  code: 'P2002',
  meta: { modelName: model, driverAdapterError: { cause: { kind: 'UniqueConstraintViolation', constraint: { fields } } } },
});
const postgres = (model: string, index: string) => ({
  code: 'P2002',
  meta: { modelName: model, driverAdapterError: { cause: { kind: 'UniqueConstraintViolation', constraint: { index } } } },
});

const rules: UniqueRule[] = [
  { model: 'Customer', fields: ['projectKey', 'key'], error: () => new DuplicateFieldError('key', 'k') },
  { model: 'Customer', fields: ['projectKey', 'customerNumber'], error: () => new DuplicateFieldError('customerNumber', 'n') },
  { model: 'CustomerEmail', fields: ['projectKey', 'scopeKey', 'emailLower'], primaryKey: true, error: () => new DuplicateFieldError('email', 'e') },
];

const field = (err: unknown) => (err instanceof ApiError ? err.extra.field : undefined);

describe('translatePrismaError', () => {
  it.each([
    ['SQLite columns', sqlite('Customer', ['projectKey', 'key']), 'key'],
    ['SQLite columns of another constraint', sqlite('Customer', ['projectKey', 'customerNumber']), 'customerNumber'],
    ['SQLite primary key', sqlite('CustomerEmail', ['projectKey', 'scopeKey', 'emailLower']), 'email'],
    ['PostgreSQL index name', postgres('Customer', 'Customer_projectKey_key_key'), 'key'],
    ['PostgreSQL index whose name ends like another rule', postgres('Customer', 'Customer_projectKey_customerNumber_key'), 'customerNumber'],
    ['PostgreSQL primary key', postgres('CustomerEmail', 'CustomerEmail_pkey'), 'email'],
  ])('maps %s to its rule', (_, err, expected) => {
    expect(field(translatePrismaError(err, rules))).toBe(expected);
  });

  it('passes other errors through unchanged', () => {
    const other = new Error('boom');
    expect(translatePrismaError(other, rules)).toBe(other);
    const unmapped = sqlite('Store', ['projectKey', 'key']);
    expect(translatePrismaError(unmapped, rules)).toBe(unmapped);
  });
});
