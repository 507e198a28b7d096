/**
 * The query engine used by every query endpoint: `where` predicates compiled to SQL, sorting,
 * paging, and reference expansion.
 */
export {
  array, boolean, customFields, datetime, dynamic, geoPoint, keyReference, localizedString, map, number, object, reference, string,
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
