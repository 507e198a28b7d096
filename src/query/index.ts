/**
 * The query engine used by every query endpoint: `where` predicates compiled to SQL, sorting,
 * paging, and reference expansion. Typical use in a service:
 *
 *   export const storeResource = defineQueryableResource({
 *     table: 'Store', typeId: 'store',
 *     fields: fieldsFromJsonSchema(components.Store, components),   // from the generated JSON schemas
 *     extraColumns: { key: { column: 'key', type: 'string', notNull: true } },
 *   });
 *
 *   const params = parseQueryParams(ctx.query);                       // or normalizeQueryParams(graphqlArgs)
 *   const page = await queryResources(ctx.db, storeResource, params, { projectKey });
 *   page.results = await expandReferences(page.results, params.expand, referenceLoader(ctx.db, allResources, projectKey));
 *
 * PostgreSQL: text columns should be declared `COLLATE "C"` so that range conditions and ordering
 * (which are always code-point ordered) can use the indexes.
 */
export {
  array,
  boolean,
  customFields,
  datetime,
  dynamic,
  geoPoint,
  keyReference,
  localizedString,
  map,
  number,
  object,
  reference,
  string,
} from './field-schema.js';
export type { FieldSchema, ScalarKind } from './field-schema.js';
export { fieldsFromJsonSchema, componentsFromSchemaModule } from './json-schema-fields.js';
export type { JsonSchema, JsonSchemaComponents } from './json-schema-fields.js';
export { defineQueryableResource, standardColumns } from './queryable-resource.js';
export type { ColumnSpec, QueryableResource } from './queryable-resource.js';
export { parsePredicate } from './predicate-parser.js';
export type { PredicateNode } from './predicate-ast.js';
export { checkPredicate, checkPredicates } from './predicate-checker.js';
export type { PredicateVariables } from './predicate-checker.js';
export type { CheckedPredicate } from './checked-predicate.js';
export { parseQueryParams, normalizeQueryParams, QUERY_LIMITS } from './query-params.js';
export type { QueryParams, RawQuery } from './query-params.js';
export { queryResources, resourceExists, loadByIds, parseDocument } from './query-executor.js';
export type { PagedQueryResult, QueryOptions, ResourceDocument, SqlFragment } from './query-executor.js';
export { expandReferences, parseExpansionPath } from './expand.js';
export type { ReferenceLoader } from './expand.js';
export { referenceLoader } from './reference-loader.js';
