import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RATE_CARD,
  amountToFreeShipping,
  distanceMiles,
  ratePrice,
  shippingCharge,
  zoneForMiles,
} from './shipping.ts';

describe('zoneForMiles (USPS zone bands)', () => {
  it.each([
    [0, 1], // same place: zone 1
    [50, 1], // upper edge of zone 1 (up to 50 miles)
    [50.1, 2], // just past 50 -> zone 2
    [150, 2],
    [151, 3],
    [300, 3],
    [301, 4],
    [600, 4],
    [601, 5],
    [1000, 5],
    [1001, 6],
    [1400, 6],
    [1401, 7],
    [1800, 7],
    [1801, 8], // beyond 1800 -> zone 8
    [5000, 8],
  ])('%f miles -> zone %i', (miles, zone) => expect(zoneForMiles(miles)).toBe(zone));

  it('rejects a negative distance', () => expect(() => zoneForMiles(-1)).toThrow(RangeError));
});

describe('distanceMiles', () => {
  it('one degree of latitude is 2 x pi x 3958.8 / 360 = 69.09 miles', () => {
    expect(distanceMiles({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(
      69.09,
      2,
    );
  });
  it('is 0 from a point to itself', () => {
    const p = { latitude: 35.229, longitude: -80.8419 };
    expect(distanceMiles(p, p)).toBe(0);
  });
});

describe('ratePrice on the default rate card', () => {
  it.each([
    ['ground', 1, 6, 620], // 6 oz -> first tier with max >= 6 is 8 oz; zone 1 column -> 620
    ['ground', 3, 4, 590], // exactly 4 oz stays in the 4 oz tier; zone 3 -> 590
    ['ground', 5, 12, 930], // 2 shirts x 6 oz = 12 oz tier; zone 5 -> 930
    ['ground', 8, 18, 2125], // 3 shirts = 18 oz > 16 -> 32 oz (2 lb) tier; zone 8 -> 2125
    ['priority', 4, 6, 1235], // priority starts at 1 lb: 16 oz tier, zone 4 -> 1235
    ['priority', 9, 6, 2850], // zone 9 (Guam etc.), 16 oz tier -> 2850
    ['ground', 1, 1200, 7085], // over 70 lb: one full 1120 oz parcel (5900) + 80 oz rest (1185) = 7085
    ['priority', 2, 2240, 19400], // exactly two full 70 lb parcels at zone 2: 2 x 9700 = 19400
  ] as const)('%s zone %i, %i oz -> %i cents', (option, zone, oz, cents) =>
    expect(ratePrice(DEFAULT_RATE_CARD, option, zone, oz)).toBe(cents),
  );

  it('rejects zone 0 and a zero weight', () => {
    expect(() => ratePrice(DEFAULT_RATE_CARD, 'ground', 0, 6)).toThrow(RangeError);
    expect(() => ratePrice(DEFAULT_RATE_CARD, 'ground', 1, 0)).toThrow(RangeError);
  });

  it('has nine zone prices on every tier and names its source', () => {
    for (const tier of [...DEFAULT_RATE_CARD.ground, ...DEFAULT_RATE_CARD.priority])
      expect(tier.zones).toHaveLength(9);
    expect(DEFAULT_RATE_CARD.source).toMatch(/USPS/);
  });
});

describe('shippingCharge and the free-ground threshold (spec 9)', () => {
  const quote = { ground: 650, priority: 1115 };
  it.each([
    ['ground', 9000, 10000, 650], // $90 < $100 target: ground charged
    ['ground', 9999, 10000, 650], // one cent short: still charged
    ['ground', 10000, 10000, 0], // reaches the target exactly: free
    ['ground', 13500, 10000, 0], // above: free
    ['priority', 13500, 10000, 1115], // priority is never free
  ] as const)('%s at subtotal %i, target %i -> %i', (option, subtotal, target, cents) =>
    expect(shippingCharge(option, quote, subtotal, target)).toBe(cents),
  );

  it.each([
    [9000, 10000, 1000], // $100 - $90 = $10 away
    [10000, 10000, 0],
    [12000, 10000, 0], // never negative
  ])('amountToFreeShipping(%i, %i) = %i', (subtotal, target, away) =>
    expect(amountToFreeShipping(subtotal, target)).toBe(away),
  );
});
