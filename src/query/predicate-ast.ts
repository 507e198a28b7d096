/**
 * Syntax tree of a query predicate (`where`), as written by the client: field names are not yet
 * checked against a resource's fields and variables are not yet bound. `pos` is the offset in the
 * predicate text, so later stages can point at the offending place in their error messages.
 */

export type ComparisonOperator = '=' | '!=' | '<' | '<=' | '>' | '>=';

export type ValueNode =
  | { kind: 'string'; value: string; pos: number }
  | { kind: 'number'; value: number; pos: number }
  | { kind: 'boolean'; value: boolean; pos: number }
  | { kind: 'variable'; name: string; pos: number };

/** A parenthesised list `(a, b)` or one variable standing for a list (`in :keys`). */
export type ListNode = { items: ValueNode[]; pos: number };

export type FieldTestNode =
  | { kind: 'compare'; op: ComparisonOperator; value: ValueNode }
  | { kind: 'in'; negated: boolean; list: ListNode }
  | { kind: 'contains'; mode: 'any' | 'all'; list: ListNode }
  | { kind: 'empty'; negated: boolean }
  | { kind: 'defined'; negated: boolean }
  | { kind: 'circle'; lng: ValueNode; lat: ValueNode; radius: ValueNode }
  | { kind: 'nested'; predicate: PredicateNode };

export type PredicateNode =
  | { kind: 'and'; operands: PredicateNode[] }
  | { kind: 'or'; operands: PredicateNode[] }
  | { kind: 'not'; operand: PredicateNode }
  | { kind: 'field'; name: string; pos: number; test: FieldTestNode };
