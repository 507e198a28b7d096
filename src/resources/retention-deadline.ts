export const DAY_MS = 86_400_000;

/**
 * The deadline a resource with its own `deleteDaysAfterLastModification` sets (kept in the
 * `deleteAfter` column); null: the project's retention applies.
 */
export function ownDeadline(doc: { lastModifiedAt: string; deleteDaysAfterLastModification?: number }): string | null {
  const days = doc.deleteDaysAfterLastModification;
  return days === undefined ? null : new Date(Date.parse(doc.lastModifiedAt) + days * DAY_MS).toISOString();
}
