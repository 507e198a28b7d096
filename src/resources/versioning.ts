import { ConcurrentModificationError, ResourceNotFoundError } from '../errors/api-error.js';

/** A resource addressed by id (`/{id}`) or by key (`/key={key}`). */
export type DocumentAddress = { id: string } | { key: string };

/** The platform's 404 for a resource addressed by id or key. */
export function notFound(at: DocumentAddress): ResourceNotFoundError {
  return 'id' in at ? new ResourceNotFoundError(at.id) : new ResourceNotFoundError(at.key, `The Resource with key '${at.key}' was not found.`);
}

/**
 * Optimistic concurrency for every versioned resource (projects, customers and every document
 * resource): the version the client sent must be the current one, and the write itself is
 * conditional on it, so of two writers holding the same version exactly one succeeds.
 */
export function checkVersion(id: string, expected: number, current: number): void {
  if (current !== expected) throw new ConcurrentModificationError(id, expected, current);
}

/**
 * The conditional write matched nothing: someone else changed or deleted the resource between the
 * read and the write. Answers 409 with the version it lost to, or 404 if it is gone.
 */
export async function lostRace(id: string, expected: number, latestVersion: () => Promise<number | undefined>): Promise<never> {
  const latest = await latestVersion();
  if (latest === undefined) throw notFound({ id });
  throw new ConcurrentModificationError(id, expected, latest);
}

/**
 * The address a request path names: `/{id}`, or `/key={key}` (an order's `/order-number={orderNumber}`
 * reads as its key). The router has matched one of the two, so one of them is set.
 */
export function pathAddress(path: { id?: string; key?: string; orderNumber?: string }): DocumentAddress {
  return path.id !== undefined ? { id: path.id } : { key: (path.key ?? path.orderNumber)! };
}
