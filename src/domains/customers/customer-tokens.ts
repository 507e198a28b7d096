import { randomUUID } from 'node:crypto';
import type { RequestContext } from '../../context.js';
import { isoNow } from '../../shared/clock.js';
import { sql } from '../../db/statements.js';
import { ExpiredCustomerEmailTokenError, ExpiredCustomerPasswordTokenError, InvalidInputError, ResourceNotFoundError } from '../../errors/api-error.js';
import { randomToken, secretDigestHex } from '../../security/secrets.js';

/**
 * E-mail verification and password reset tokens. The value is 40 characters of the platform's
 * alphabet (240 random bits), shown once in the answer that creates it; the table keeps only its
 * SHA-256, so a database copy reveals no usable token. A token is used at most once: using it
 * deletes its row in the caller's transaction, and of two concurrent uses only the one whose
 * delete removed the row goes on.
 */
export type CustomerTokenKind = 'password' | 'email';

export interface IssuedCustomerToken {
  id: string;
  customerId: string;
  value: string;
  expiresAt: string;
  invalidateOlderTokens: boolean;
  createdAt: string;
  lastModifiedAt: string;
}

/** Defaults when ttlMinutes is not given: GraphQL's field description says 10, the HTTP API 1440. */
export const TOKEN_TTL_MINUTES = { graphqlPasswordReset: 10, httpPasswordReset: 1440 } as const;
/** Upper bound of ttlMinutes: 30 days. */
export const MAX_TOKEN_TTL_MINUTES = 43_200;

const VALUE_LENGTH = 40;

const INSERT = sql(
  'INSERT INTO "CustomerToken" ("id", "projectKey", "customerId", "kind", "valueHash", "createdAt", "expiresAt") VALUES (?, ?, ?, ?, ?, ?, ?)',
);
const DELETE_OF_KIND = sql('DELETE FROM "CustomerToken" WHERE "customerId" = ? AND "kind" = ?');
const DELETE_OF_CUSTOMER = sql('DELETE FROM "CustomerToken" WHERE "customerId" = ?');
const FIND = sql('SELECT "id", "customerId", "expiresAt" FROM "CustomerToken" WHERE "projectKey" = ? AND "kind" = ? AND "valueHash" = ?');
const DELETE_ONE = sql('DELETE FROM "CustomerToken" WHERE "id" = ?');

interface TokenRow {
  id: string;
  customerId: string;
  expiresAt: string;
}

export async function issueCustomerToken(
  ctx: RequestContext,
  customerId: string,
  kind: CustomerTokenKind,
  ttlMinutes: number,
  invalidateOlderTokens: boolean,
): Promise<IssuedCustomerToken> {
  if (!Number.isInteger(ttlMinutes) || ttlMinutes < 1 || ttlMinutes > MAX_TOKEN_TTL_MINUTES) {
    throw new InvalidInputError(`ttlMinutes must be a whole number of minutes from 1 to ${MAX_TOKEN_TTL_MINUTES}.`);
  }
  const db = ctx.db;
  if (invalidateOlderTokens) await db.executeRaw(DELETE_OF_KIND[db.dialect], [customerId, kind]);
  const value = randomToken(VALUE_LENGTH);
  // One reading of the clock for both, so the token lives exactly ttlMinutes.
  const now = ctx.app.clock.now();
  const createdAt = new Date(now).toISOString();
  const expiresAt = new Date(now + ttlMinutes * 60_000).toISOString();
  const id = randomUUID();
  await db.executeRaw(INSERT[db.dialect], [id, ctx.projectKey, customerId, kind, secretDigestHex(value), createdAt, expiresAt]);
  return { id, customerId, value, expiresAt, invalidateOlderTokens, createdAt, lastModifiedAt: createdAt };
}

/** The customer id a valid token names; undefined when unknown; Expired… when past its expiry. */
export async function peekCustomerToken(ctx: RequestContext, kind: CustomerTokenKind, value: string): Promise<string | undefined> {
  const row = await findToken(ctx, kind, value);
  if (!row) return undefined;
  if (isExpired(ctx, row)) throw expired(kind);
  return row.customerId;
}

/**
 * Uses the token: deletes it and answers the customer id it names. Run inside the transaction of
 * the write it authorizes, so a failing write leaves the token usable.
 */
export async function consumeCustomerToken(ctx: RequestContext, kind: CustomerTokenKind, value: string): Promise<string> {
  const row = await findToken(ctx, kind, value);
  if (!row) throw new ResourceNotFoundError('', `The ${kind === 'email' ? 'email' : 'password'} token was not found. It may have been used or replaced.`);
  if (isExpired(ctx, row)) throw expired(kind);
  const deleted = await ctx.db.executeRaw(DELETE_ONE[ctx.db.dialect], [row.id]);
  if (deleted !== 1) throw new ResourceNotFoundError('', 'The token was already used.');
  return row.customerId;
}

/** Every token of a customer (the customer is deleted, or its password was reset). */
export async function deleteCustomerTokens(ctx: Pick<RequestContext, 'db'>, customerId: string, kind?: CustomerTokenKind): Promise<void> {
  if (kind) await ctx.db.executeRaw(DELETE_OF_KIND[ctx.db.dialect], [customerId, kind]);
  else await ctx.db.executeRaw(DELETE_OF_CUSTOMER[ctx.db.dialect], [customerId]);
}

function findToken(ctx: RequestContext, kind: CustomerTokenKind, value: string): Promise<TokenRow | undefined> {
  return ctx.db.first<TokenRow>(FIND[ctx.db.dialect], [ctx.projectKey, kind, secretDigestHex(value)]);
}

function isExpired(ctx: RequestContext, row: TokenRow): boolean {
  return row.expiresAt <= isoNow(ctx.app.clock);
}

function expired(kind: CustomerTokenKind): Error {
  return kind === 'email' ? new ExpiredCustomerEmailTokenError() : new ExpiredCustomerPasswordTokenError();
}
