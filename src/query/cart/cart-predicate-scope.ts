/**
 * What a cart predicate can name in one context (the cart, a line item, a custom line item): typed
 * fields, dynamic fields under a prefix (`custom.<name>`, `attributes.<name>`) and functions that
 * test a predicate of another context over the items of this one (`lineItemExists(...)`).
 *
 * Values at run time: strings, numbers, booleans; money as `{currencyCode, centAmount}`; a set as
 * an array of strings; a dynamic value as whatever the document holds.
 */
export type ValueKind = 'string' | 'number' | 'boolean' | 'money' | 'set' | 'dynamic';

export interface MoneyValue {
  currencyCode: string;
  centAmount: number;
}

export interface FieldSpec<C> {
  kind: ValueKind;
  get(context: C): unknown;
}

/** A function over items of type I (line items, ...) of a context C, e.g. `lineItemExists(...)`. */
export interface FunctionSpec<C, I> {
  kind: ValueKind;
  /** The context the argument predicate is written in. */
  scope: CartPredicateScope<I>;
  /** The function's value, given the compiled argument (true for every item when there is none). */
  apply(context: C, test: (item: I) => boolean): unknown;
}

/** A function of a scope, its item type hidden: the compiler hands it a test compiled against its own `scope`. */
export type ScopeFunction<C> = FunctionSpec<C, never>;

export function itemsFunction<C, I>(spec: FunctionSpec<C, I>): ScopeFunction<C> {
  return spec as unknown as ScopeFunction<C>;
}

export interface CartPredicateScope<C> {
  fields: Readonly<Record<string, FieldSpec<C>>>;
  prefixes?: Readonly<Record<string, (context: C, name: string) => unknown>>;
  functions?: Readonly<Record<string, ScopeFunction<C>>>;
}
