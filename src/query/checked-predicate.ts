import type { ComparisonOperator } from './predicate-ast.js';
import type { ColumnSpec } from './queryable-resource.js';

/**
 * A predicate after checking against a resource's field schema and binding its variables. The SQL
 * compiler and the test suite's reference evaluator both consume this form, so they share one
 * definition of what each construct means:
 *
 * - A comparison on a missing value, a JSON null or a value of another JSON type is false.
 * - `shape.arrays` typed array levels are iterated: the test holds if it holds for any element.
 * - A `dynamic` value (custom field) that is an array is iterated the same way; otherwise it is tested
 *   itself. (Elements of a typed array of dynamic values are tested themselves, never iterated.)
 * - `contains` tests the innermost array as a set (a dynamic scalar counts as a one-element set).
 * - `is empty`/`is defined` look at the value itself, never at its elements. Empty means missing,
 *   null, `[]` or `{}`; defined means present and not null.
 * - A nested predicate holds for an object value (or, through arrays, any object element) only.
 */
export type Scalar = { type: 'string'; value: string } | { type: 'number'; value: number } | { type: 'boolean'; value: boolean };

export interface Circle {
  lng: number;
  lat: number;
  radius: number;
}

export type CheckedTest =
  | { kind: 'compare'; op: ComparisonOperator; value: Scalar }
  | { kind: 'in'; negated: boolean; values: Scalar[] }
  | { kind: 'contains'; mode: 'any' | 'all'; values: Scalar[] }
  | { kind: 'empty'; negated: boolean }
  | { kind: 'defined'; negated: boolean }
  | { kind: 'circle'; circle: Circle }
  | { kind: 'nested'; predicate: CheckedPredicate };

export interface ValueShape {
  arrays: number;
  dynamic: boolean;
}

export type CheckedPredicate =
  | { kind: 'and' | 'or'; operands: CheckedPredicate[] }
  | { kind: 'not'; operand: CheckedPredicate }
  | { kind: 'field'; name: string; column?: ColumnSpec; shape: ValueShape; test: CheckedTest };

/** Earth radius used by `within circle` (haversine), in meters. */
export const EARTH_RADIUS_METERS = 6371000;

/**
 * Threshold on the haversine term `a = sin²(Δφ/2) + cos φ1 cos φ2 sin²(Δλ/2)` equivalent to
 * "distance <= radius", so that no inverse trigonometric function is needed at query time.
 */
export function haversineThreshold(radiusMeters: number): number {
  const angle = radiusMeters / EARTH_RADIUS_METERS;
  if (angle >= Math.PI) return 2; // a never exceeds 1: the circle covers the whole sphere
  const s = Math.sin(angle / 2);
  return s * s;
}
