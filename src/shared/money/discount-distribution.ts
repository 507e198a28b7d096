import { divideRounded, type RoundingMode } from './money.js';

/**
 * How cart discounts split into cents. Items are counted in units: a line item of quantity 3 is
 * three units of its price, kept as groups of units with the same discounted unit price. A discount
 * on a group is spread over its units as evenly as whole cents allow, so a group can split in two
 * whose unit prices differ by one cent (the platform's `discountedPricePerQuantity`).
 */
export interface DiscountPortion {
  discountId: string;
  amount: bigint;
}

export interface UnitGroup {
  quantity: number;
  /** The unit price after the portions. */
  unit: bigint;
  portions: DiscountPortion[];
}

export const groupTotal = (g: UnitGroup) => g.unit * BigInt(g.quantity);
export const groupsTotal = (groups: readonly UnitGroup[]) => groups.reduce((n, g) => n + groupTotal(g), 0n);

/** `discount` (at most the group's total) taken off a group, spread over its units. */
export function discountGroup(group: UnitGroup, discount: bigint, discountId: string): UnitGroup[] {
  const amount = discount > groupTotal(group) ? groupTotal(group) : discount;
  if (amount <= 0n) return [group];
  const quantity = BigInt(group.quantity);
  const base = amount / quantity;
  const extra = Number(amount - base * quantity);
  const part = (units: number, off: bigint): UnitGroup => ({
    quantity: units,
    unit: group.unit - off,
    portions: off > 0n ? [...group.portions, { discountId, amount: off }] : group.portions,
  });
  return [...(group.quantity - extra > 0 ? [part(group.quantity - extra, base)] : []), ...(extra > 0 ? [part(extra, base + 1n)] : [])];
}

/**
 * `total` split in proportion to `weights`, in whole cents that add up to `total`: each share
 * rounded down, the cents left over going to the largest remainders (earlier ones on ties).
 */
export function allocate(total: bigint, weights: readonly bigint[]): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum === 0n) return weights.map(() => 0n);
  const shares = weights.map((w) => (total * w) / sum);
  let left = total - shares.reduce((a, b) => a + b, 0n);
  const byRemainder = weights
    .map((w, i) => ({ i, remainder: (total * w) % sum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  for (const { i } of byRemainder) {
    if (left === 0n) break;
    shares[i] += 1n;
    left -= 1n;
  }
  return shares;
}

/** `amount × permyriad / 10000`, rounded: a relative discount's share of an amount. */
export function relativeShare(amount: bigint, permyriad: number, mode: RoundingMode): bigint {
  return divideRounded(amount * BigInt(permyriad), 10_000n, mode);
}

/** Groups with the same unit price and the same portions merged back into one. */
export function mergeGroups(groups: readonly UnitGroup[]): UnitGroup[] {
  const merged: UnitGroup[] = [];
  for (const group of groups) {
    const same = merged.find((m) => m.unit === group.unit && JSON.stringify(m.portions, big) === JSON.stringify(group.portions, big));
    if (same) same.quantity += group.quantity;
    else merged.push({ ...group, portions: [...group.portions] });
  }
  return merged;
}

function big(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}
