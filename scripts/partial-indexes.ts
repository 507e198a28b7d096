/**
 * Indexes that only some rows need, made partial in the generated migrations (Prisma's schema cannot
 * say `WHERE`). Every token row used to enter all six OAuthToken indexes, although a client-credentials
 * access token (the hottest insert) has no grant, uid, user code or anonymous id and is never counted
 * against the refresh-token cap: with these it enters the table, its primary key and the clientId
 * index only, which halves the pages a commit writes. The queries that use these indexes all compare
 * the column with a value (or `kind` with 'RefreshToken'), which both databases accept as implying
 * the index's condition.
 */
const PARTIAL: Record<string, string> = {
  OAuthToken_grantId_idx: '"grantId" IS NOT NULL',
  OAuthToken_uid_idx: '"uid" IS NOT NULL',
  OAuthToken_userCode_idx: '"userCode" IS NOT NULL',
  OAuthToken_projectKey_anonymousId_idx: '"anonymousId" IS NOT NULL',
  OAuthToken_projectKey_kind_lastUsedAt_idx: `"kind" = 'RefreshToken'`,
  CartDiscount_projectKey_activeSortOrder_idx: '"activeSortOrder" IS NOT NULL',
};

/** The migration's SQL with each listed `CREATE INDEX` given its `WHERE` clause. */
export function withPartialIndexes(sql: string): string {
  return sql.replace(/^(CREATE INDEX "(\w+)" ON "\w+"\([^)]*\));$/gm, (line, statement: string, name: string) =>
    PARTIAL[name] !== undefined ? `${statement} WHERE ${PARTIAL[name]};` : line,
  );
}
