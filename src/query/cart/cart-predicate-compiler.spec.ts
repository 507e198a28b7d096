import { compileCartPredicate, itemsFunction, parseMoney, type CartPredicateScope } from './index.js';

interface Item {
  sku: string;
  quantity: number;
  categories: string[];
}
interface Doc {
  total: { currencyCode: string; centAmount: number };
  country?: string;
  email?: string;
  items: Item[];
  custom: Record<string, unknown>;
}

const itemScope: CartPredicateScope<Item> = {
  fields: {
    sku: { kind: 'string', get: (i) => i.sku },
    quantity: { kind: 'number', get: (i) => i.quantity },
    'categories.id': { kind: 'set', get: (i) => i.categories },
  },
};
const scope: CartPredicateScope<Doc> = {
  fields: {
    totalPrice: { kind: 'money', get: (d) => d.total },
    country: { kind: 'string', get: (d) => d.country },
    'customer.email': { kind: 'string', get: (d) => d.email },
  },
  prefixes: { custom: (d, name) => d.custom[name] },
  functions: {
    lineItemExists: itemsFunction({ kind: 'boolean', scope: itemScope, apply: (d: Doc, test) => d.items.some(test) }),
    lineItemCount: itemsFunction({ kind: 'number', scope: itemScope, apply: (d: Doc, test) => d.items.filter(test).reduce((n, i) => n + i.quantity, 0) }),
  },
};

const doc: Doc = {
  total: { currencyCode: 'EUR', centAmount: 2500 },
  country: 'DE',
  email: 'a@example.com',
  items: [
    { sku: 'shirt', quantity: 2, categories: ['c1', 'c2'] },
    { sku: 'hat', quantity: 1, categories: [] },
  ],
  custom: { tier: 'gold', points: 7, size: { key: 'L', label: 'Large' } },
};

const holds = (source: string) => compileCartPredicate(source, scope, 'cartPredicate')(doc);

describe('cart predicates', () => {
  test.each([
    ['1 = 1', true],
    ['true', true],
    ['false', false],
    ['totalPrice > "10.00 EUR"', true],
    ['totalPrice > "25.00 EUR"', false],
    ['totalPrice >= "25 EUR"', true],
    ['totalPrice > "1.00 USD"', false],
    ['country = "DE"', true],
    ['country in ("AT", "DE")', true],
    ['country not in ("AT", "DE")', false],
    ['customer.email = "a@example.com" and country != "FR"', true],
    ['lineItemExists(sku = "hat")', true],
    ['lineItemExists(sku = "cap")', false],
    ['lineItemExists(categories.id contains "c2")', true],
    ['lineItemExists(categories.id contains any ("x", "c1"))', true],
    ['lineItemExists(categories.id contains all ("c1", "x"))', false],
    ['lineItemCount(1 = 1) = 3', true],
    ['lineItemCount(sku = "shirt") > 2', false],
    ['custom.tier = "gold" and custom.points >= 7', true],
    ['custom.size = "L"', true],
    ['custom.missing is not defined and custom.tier is defined', true],
    ['NOT(country = "DE") OR lineItemExists(sku = "cap")', false],
    ['(country = "FR" or country = "DE") and totalPrice < "100.00 EUR"', true],
    // A set compared with a list: the same members, in any order.
    ['lineItemExists(categories.id = ("c2", "c1"))', true],
    ['lineItemExists(categories.id = ("c1"))', false],
    ['lineItemExists(categories.id != ("c1", "c2")) and lineItemExists(sku = "hat")', true],
    ['lineItemCount(categories.id = ("c1", "c2")) = 2', true],
    // The parts of a money field.
    ['totalPrice.centAmount >= 2500', true],
    ['totalPrice.centAmount > 2500', false],
    ['totalPrice.currencyCode = "EUR"', true],
  ])('%s → %s', (source, expected) => {
    expect(holds(source)).toBe(expected);
  });

  test.each([
    ['country = ', 'expected a string, number or boolean'],
    ['colour = "red"', "Unknown field 'colour'"],
    ['lineItemExists(colour = "red")', "Unknown field 'colour'"],
    ['sometimes(1 = 1)', "Unknown function 'sometimes'"],
    ['country = 1', 'Expected a string value'],
    ['totalPrice > 10', 'Expected a money value'],
    ['totalPrice > "10.001 EUR"', 'Expected a money value'],
    ['country', 'Expected a boolean value'],
    ['country = ("DE")', 'Only a set of values'],
    ['totalPrice.centAmount >= "10"', 'Expected a number value'],
  ])('%s is refused: %s', (source, message) => {
    expect(() => compileCartPredicate(source, scope, 'cartPredicate')).toThrow(
      expect.objectContaining({ code: 'InvalidInput', message: expect.stringContaining(message) }),
    );
  });

  test('errors name the parameter and the position', () => {
    expect(() => compileCartPredicate('country = "DE" and\n  colour = "red"', scope, 'predicate')).toThrow(
      "Malformed parameter: predicate: Unknown field 'colour'. (line 2, column 3)",
    );
  });

  test("money strings follow the currency's fraction digits", () => {
    expect([parseMoney('10.00 EUR'), parseMoney('10 JPY'), parseMoney('1.5 EUR'), parseMoney('1.5 JPY'), parseMoney('EUR 10')]).toEqual([
      { currencyCode: 'EUR', centAmount: 1000 },
      { currencyCode: 'JPY', centAmount: 10 },
      { currencyCode: 'EUR', centAmount: 150 },
      undefined,
      undefined,
    ]);
  });
});
