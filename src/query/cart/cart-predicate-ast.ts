/**
 * Syntax tree of a cart predicate (the language of cart discounts' `cartPredicate` and target
 * predicates, discount codes' and shipping methods' predicates): conditions on dotted field paths
 * (`customer.email = "a@b.c"`), literals on either side (`1 = 1`), and functions over line items
 * (`lineItemExists(sku = "x")`, `lineItemCount(1 = 1) > 2`). `pos` is the offset in the source.
 */
import type { ComparisonOperator } from '../predicate-ast.js';

export type { ComparisonOperator };

export type Literal =
  { kind: 'string'; value: string; pos: number } | { kind: 'number'; value: number; pos: number } | { kind: 'boolean'; value: boolean; pos: number };

export type Operand = Literal | { kind: 'field'; path: string; pos: number } | { kind: 'call'; name: string; argument?: CartPredicateNode; pos: number };

export type Test =
  | { kind: 'compare'; op: ComparisonOperator; value: Literal }
  | { kind: 'in'; negated: boolean; values: Literal[] }
  /** A set compared with a list (`categories.id = ("a", "b")`): the same members, in any order. */
  | { kind: 'sameSet'; negated: boolean; values: Literal[] }
  | { kind: 'contains'; mode: 'one' | 'any' | 'all'; values: Literal[] }
  | { kind: 'empty'; negated: boolean }
  | { kind: 'defined'; negated: boolean };

export type CartPredicateNode =
  | { kind: 'and' | 'or'; operands: CartPredicateNode[] }
  | { kind: 'not'; operand: CartPredicateNode }
  /** Without a test the subject itself must be boolean (`true`, `lineItemExists(...)`). */
  | { kind: 'condition'; subject: Operand; test?: Test; pos: number };
