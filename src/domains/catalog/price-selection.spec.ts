import type { Price } from '../../../generated/openapi/client/types.gen.js';
import { selectPrice, type PriceSelector } from './price-selection.js';

const money = (centAmount: number, currencyCode = 'EUR') => ({ type: 'centPrecision' as const, currencyCode, centAmount, fractionDigits: 2 });
const price = (id: string, centAmount: number, extra: Partial<Price> = {}): Price => ({ id, value: money(centAmount), ...extra });
const group = { typeId: 'customer-group' as const, id: 'vip' };
const channel = { typeId: 'channel' as const, id: 'web' };
const NOW = Date.parse('2030-06-01T00:00:00.000Z');
const cart = (s: Partial<PriceSelector> = {}): PriceSelector => ({ currency: 'EUR', now: NOW, quantity: 1, ...s });

const PRICES: Price[] = [
  price('base', 1000),
  price('usd', 900, { value: money(900, 'USD') }),
  price('de', 950, { country: 'DE' }),
  price('vip', 800, { customerGroup: group }),
  price('de-vip', 700, { country: 'DE', customerGroup: group }),
  price('web', 850, { channel }),
  price('de-vip-web', 600, { country: 'DE', customerGroup: group, channel }),
];

describe('price selection for a line item', () => {
  test.each([
    ['currency only: the price without scope', cart(), 'base'],
    ['another currency', cart({ currency: 'USD' }), 'usd'],
    ['a country price beats the unscoped one', cart({ country: 'DE' }), 'de'],
    ['a price of another country does not apply', cart({ country: 'FR' }), 'base'],
    ['customer group', cart({ customerGroupId: 'vip' }), 'vip'],
    ['country before customer group', cart({ country: 'DE', customerGroupId: 'vip' }), 'de-vip'],
    ['channel only', cart({ channelId: 'web' }), 'web'],
    ['customer group before channel', cart({ customerGroupId: 'vip', channelId: 'web' }), 'vip'],
    ['all three', cart({ country: 'DE', customerGroupId: 'vip', channelId: 'web' }), 'de-vip-web'],
  ])('%s', (_name, selector, expected) => {
    expect(selectPrice(PRICES, selector)?.id).toBe(expected);
  });

  test('no price of the currency: none selected', () => {
    expect(selectPrice(PRICES, cart({ currency: 'GBP' }))).toBeUndefined();
  });

  test('validity: a price outside its period does not apply; a dated price beats an undated one', () => {
    const prices = [price('always', 1000), price('sale', 500, { validFrom: '2030-05-01T00:00:00.000Z', validUntil: '2030-07-01T00:00:00.000Z' })];
    expect(selectPrice(prices, cart())?.id).toBe('sale');
    expect(selectPrice(prices, cart({ now: Date.parse('2030-07-01T00:00:00.000Z') }))?.id).toBe('always');
    expect(selectPrice(prices, cart({ now: Date.parse('2030-04-30T23:59:59.999Z') }))?.id).toBe('always');
  });

  test('tiers: the highest minimumQuantity reached applies to the whole quantity', () => {
    const tiered = [
      price('t', 1000, {
        tiers: [
          { minimumQuantity: 10, value: money(800) },
          { minimumQuantity: 5, value: money(900) },
        ],
      }),
    ];
    expect([1, 4, 5, 9, 10, 100].map((quantity) => selectPrice(tiered, cart({ quantity }))?.value.centAmount)).toEqual([1000, 1000, 900, 900, 800, 800]);
  });
});
