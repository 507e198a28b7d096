import type { SqlRunner } from '../db/sql-runner.js';
import type { ReferenceLoader } from './expand.js';
import { loadByIds } from './query-executor.js';
import type { QueryableResource } from './queryable-resource.js';

/**
 * The `load` function for expandReferences backed by the resource tables of one project. Types
 * without a table here (or not exposed to the caller) load nothing, so their references stay unexpanded.
 */
export function referenceLoader(db: SqlRunner, resources: readonly QueryableResource[], projectKey: string): ReferenceLoader {
  const byTypeId = new Map(resources.map((r) => [r.typeId, r]));
  return async (typeId, ids) => {
    const resource = byTypeId.get(typeId);
    return resource ? loadByIds(db, resource, projectKey, ids) : new Map();
  };
}
