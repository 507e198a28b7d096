import { allocate, discountGroup, groupsTotal, mergeGroups } from './discount-distribution.js';

describe('discount distribution', () => {
  test('a discount that divides evenly keeps one group', () => {
    expect(discountGroup({ quantity: 2, unit: 1000n, portions: [] }, 300n, 'd')).toEqual([
      { quantity: 2, unit: 850n, portions: [{ discountId: 'd', amount: 150n }] },
    ]);
  });

  test('1.00 off three units of 3.33: two units carry 0.33, one 0.34 (the line still loses exactly 1.00)', () => {
    const groups = discountGroup({ quantity: 3, unit: 333n, portions: [] }, 100n, 'd');
    expect(groups).toEqual([
      { quantity: 2, unit: 300n, portions: [{ discountId: 'd', amount: 33n }] },
      { quantity: 1, unit: 299n, portions: [{ discountId: 'd', amount: 34n }] },
    ]);
    expect(groupsTotal(groups)).toBe(999n - 100n);
  });

  test('one cent over three units leaves two units undiscounted', () => {
    expect(discountGroup({ quantity: 3, unit: 100n, portions: [] }, 1n, 'd')).toEqual([
      { quantity: 2, unit: 100n, portions: [] },
      { quantity: 1, unit: 99n, portions: [{ discountId: 'd', amount: 1n }] },
    ]);
  });

  test('a discount larger than the group makes it free, never negative', () => {
    expect(groupsTotal(discountGroup({ quantity: 2, unit: 100n, portions: [] }, 500n, 'd'))).toBe(0n);
  });

  test('allocation is proportional and adds up exactly', () => {
    expect(allocate(1000n, [1n, 1n, 1n])).toEqual([334n, 333n, 333n]);
    expect(allocate(500n, [3000n, 1000n])).toEqual([375n, 125n]);
    expect(allocate(7n, [0n, 0n])).toEqual([0n, 0n]);
    for (const [total, weights] of [
      [999n, [7n, 13n, 29n]],
      [1n, [5n, 5n]],
      [12345n, [1n, 2n, 3n, 4n]],
    ] as const) {
      expect(allocate(total, weights).reduce((a, b) => a + b, 0n)).toBe(total);
    }
  });

  test('groups that ended up alike merge', () => {
    const portions = [{ discountId: 'd', amount: 1n }];
    expect(
      mergeGroups([
        { quantity: 1, unit: 5n, portions },
        { quantity: 2, unit: 5n, portions },
        { quantity: 1, unit: 6n, portions: [] },
      ]),
    ).toEqual([
      { quantity: 3, unit: 5n, portions },
      { quantity: 1, unit: 6n, portions: [] },
    ]);
  });
});
