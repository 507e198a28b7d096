/**
 * The cart predicate language (cart discounts, discount codes, shipping methods): parsed on the
 * query engine's lexer, checked against a scope of named fields and functions, and compiled into a
 * function evaluated in memory on one cart.
 */
export { cachedCartPredicate, compileCartPredicate, parseMoney } from './cart-predicate-compiler.js';
export type { CompiledCartPredicate } from './cart-predicate-compiler.js';
export { itemsFunction } from './cart-predicate-scope.js';
export type { CartPredicateScope, FieldSpec, FunctionSpec, MoneyValue, ScopeFunction, ValueKind } from './cart-predicate-scope.js';
