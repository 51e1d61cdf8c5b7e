import { describe, expect, it } from 'vitest';
import {
  returnRefund,
  taxShares,
  canCreateReturn,
  isWithinReturnWindow,
  latestReturn,
  type ReturnableOrder,
} from './returns.ts';

const order = (overrides: Partial<ReturnableOrder> = {}): ReturnableOrder => ({
  status: 'completed',
  createdAt: '2026-06-01T15:00:00Z',
  updatedAt: '2026-06-05T15:00:00Z',
  returns: [],
  ...overrides,
});

const item = (returnType: string) => ({ itemId: 1, returnType, design: 'alaska', size: 'mds' });
const returnRecord = (createdAt: string, ...types: string[]) => ({
  createdAt,
  products: types.map(item),
  totalSalesTaxRefund: 0,
  shippingFee: 0,
  refundAmount: 0,
  returnLabel: null,
});

describe('the return window (15 days from updatedAt; bought Nov 15 - Dec 24: until Jan 15)', () => {
  it.each([
    // createdAt, updatedAt, now, within?
    ['2026-06-01T15:00:00Z', '2026-06-05T15:00:00Z', '2026-06-05T15:00:00Z', true],
    ['2026-06-01T15:00:00Z', '2026-06-05T15:00:00Z', '2026-06-20T15:00:00Z', true], // exactly 15 days
    ['2026-06-01T15:00:00Z', '2026-06-05T15:00:00Z', '2026-06-20T15:00:01Z', false],
    ['2026-06-01T15:00:00Z', '2026-06-05T15:00:00Z', '2026-07-30T15:00:00Z', false],
    // Bought on the first holiday day (Charlotte's date), returnable through Jan 15 (Charlotte's day).
    ['2026-11-15T05:00:00Z', '2026-11-20T15:00:00Z', '2027-01-15T12:00:00Z', true],
    ['2026-11-15T05:00:00Z', '2026-11-20T15:00:00Z', '2027-01-16T04:59:00Z', true], // 23:59 Jan 15 NY
    ['2026-11-15T05:00:00Z', '2026-11-20T15:00:00Z', '2027-01-16T05:00:00Z', false], // 00:00 Jan 16 NY
    // 04:00 UTC on Nov 15 is still Nov 14 in Charlotte: before the holiday window.
    ['2026-11-15T04:00:00Z', '2026-11-20T15:00:00Z', '2027-01-10T12:00:00Z', false],
    // The last holiday day, Dec 24 at 23:30 in Charlotte (04:30 UTC Dec 25).
    ['2026-12-25T04:30:00Z', '2026-12-28T15:00:00Z', '2027-01-15T12:00:00Z', true],
    // Dec 25 in Charlotte: the usual 15 days only.
    ['2026-12-25T15:00:00Z', '2026-12-28T15:00:00Z', '2027-01-14T12:00:00Z', false],
    ['2026-12-25T15:00:00Z', '2026-12-28T15:00:00Z', '2027-01-12T12:00:00Z', true],
    // Within the year of purchase, a holiday order is returnable however old its updatedAt.
    ['2026-11-16T15:00:00Z', '2026-11-18T15:00:00Z', '2026-12-31T12:00:00Z', true],
    // A holiday order from a year before is not.
    ['2025-12-01T15:00:00Z', '2025-12-05T15:00:00Z', '2027-01-10T12:00:00Z', false],
    // The holiday rule never shortens: delivered Jan 10, 15 days run to Jan 25.
    ['2026-12-20T15:00:00Z', '2027-01-10T15:00:00Z', '2027-01-24T12:00:00Z', true],
    // An unreadable updatedAt counts as outside the usual window.
    ['2026-06-01T15:00:00Z', 'not a date', '2026-06-02T15:00:00Z', false],
  ])('bought %s, updated %s, at %s: %s', (createdAt, updatedAt, now, within) => {
    expect(isWithinReturnWindow({ createdAt, updatedAt }, new Date(now))).toBe(within);
  });

  it('counts from the carrier’s delivery date when it is known, not from updatedAt', () => {
    const createdAt = '2026-06-01T15:00:00Z';
    // Delivered June 5; the order changed again June 20 (a return closed): the window ended June 20.
    const order = { createdAt, updatedAt: '2026-06-20T15:00:00Z' };
    const delivered = { ...order, deliveredAt: '2026-06-05T15:00:00Z' };
    expect(isWithinReturnWindow(order, new Date('2026-06-25T12:00:00Z'))).toBe(true);
    expect(isWithinReturnWindow(delivered, new Date('2026-06-25T12:00:00Z'))).toBe(false);
    expect(isWithinReturnWindow(delivered, new Date('2026-06-19T12:00:00Z'))).toBe(true);
    // A delivery date known: an old updatedAt does not close the window early.
    const late = {
      createdAt,
      updatedAt: '2026-06-02T15:00:00Z',
      deliveredAt: '2026-06-10T15:00:00Z',
    };
    expect(isWithinReturnWindow(late, new Date('2026-06-22T12:00:00Z'))).toBe(true);
    expect(
      isWithinReturnWindow({ ...late, deliveredAt: null }, new Date('2026-06-22T12:00:00Z')),
    ).toBe(false);
  });
});

describe('canCreateReturn (spec 4)', () => {
  const now = new Date('2026-06-10T12:00:00Z');
  it.each([
    ['pending', false],
    ['in-progress', false],
    ['shipped', false],
    ['completed', true],
    ['cancelled', false],
    ['return', true],
    ['refund', false],
  ])('status %s, no returns, within the window: %s', (status, offered) => {
    expect(canCreateReturn(order({ status }), now)).toBe(offered);
  });

  it.each([
    ['no returns', [], true],
    [
      'the latest return kept an item',
      [returnRecord('2026-06-06T10:00:00Z', 'Keep', 'Refund')],
      true,
    ],
    ['the latest return kept nothing', [returnRecord('2026-06-06T10:00:00Z', 'Refund')], false],
    [
      'an earlier return kept an item, the latest none',
      [
        returnRecord('2026-06-06T10:00:00Z', 'Keep', 'Refund'),
        returnRecord('2026-06-07T10:00:00Z', 'Refund'),
      ],
      false,
    ],
    [
      'the latest (by date, stored first) kept an item',
      [
        returnRecord('2026-06-08T10:00:00Z', 'Keep', 'Exchange'),
        returnRecord('2026-06-06T10:00:00Z', 'Refund'),
      ],
      true,
    ],
    ['a record without products', [{ createdAt: '2026-06-06T10:00:00Z' }], false],
    ['a record that is not an object', ['junk'], false],
  ])('status return, %s: %s', (_label, returns, offered) => {
    expect(canCreateReturn(order({ status: 'return', returns }), now)).toBe(offered);
  });

  it('is not offered past the window, even with no returns', () => {
    expect(canCreateReturn(order(), new Date('2026-06-21T12:00:00Z'))).toBe(false);
  });

  it('is offered for a holiday order until Jan 15', () => {
    const holiday = order({ createdAt: '2026-12-01T15:00:00Z', updatedAt: '2026-12-04T15:00:00Z' });
    expect(canCreateReturn(holiday, new Date('2027-01-15T15:00:00Z'))).toBe(true);
    expect(canCreateReturn(holiday, new Date('2027-01-16T15:00:00Z'))).toBe(false);
  });
});

describe('latestReturn', () => {
  it('is null without records, else the one created last (ties: the one stored later)', () => {
    expect(latestReturn([])).toBeNull();
    const a = returnRecord('2026-06-06T10:00:00Z', 'Keep');
    const b = returnRecord('2026-06-06T10:00:00Z', 'Refund');
    expect(latestReturn([a, b])).toBe(b);
    const c = returnRecord('2026-06-09T10:00:00Z', 'Refund');
    expect(latestReturn([c, a, b])).toBe(c);
  });
});

describe('each unit’s share of the sales tax (spec 9)', () => {
  // Worked by hand: tax / units, the remainder's cents one each to the first units.
  it.each([
    [464, 1, [464]],
    [464, 2, [232, 232]],
    [464, 3, [155, 155, 154]], // 464 = 3 x 154 + 2
    [1069, 5, [214, 214, 214, 214, 213]], // 1069 = 5 x 213 + 4
    [100, 7, [15, 15, 14, 14, 14, 14, 14]], // 100 = 7 x 14 + 2
    [1, 3, [1, 0, 0]],
    [0, 4, [0, 0, 0, 0]],
    [2137, 20, [...Array<number>(17).fill(107), 106, 106, 106]], // 2137 = 20 x 106 + 17
  ])('%i cents over %i units: %j', (tax, units, shares) => {
    expect(taxShares(tax, units)).toEqual(shares);
  });

  it('always adds up to exactly the tax paid, for orders of 1 to 20 units', () => {
    for (let units = 1; units <= 20; units++) {
      for (const tax of [1, 7, 99, 464, 1069, 2137, 9999]) {
        const shares = taxShares(tax, units);
        expect(shares).toHaveLength(units);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(tax);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('refuses what is not whole cents or a whole count', () => {
    expect(() => taxShares(10.5, 2)).toThrow(RangeError);
    expect(() => taxShares(-1, 2)).toThrow(RangeError);
    expect(() => taxShares(10, 1.5)).toThrow(RangeError);
    expect(taxShares(10, 0)).toEqual([]);
  });
});

describe('the refund of a return (spec 9)', () => {
  // The checkout example: 2 shirts at $45.00, tax $4.64; 3 shirts with tax $10.69 on a $225.00 order.
  const two = { unitCosts: [4500, 4500], salesTax: 464, groundFee: 770 };
  const five = { unitCosts: [4500, 4500, 4500, 4500, 4500], salesTax: 1069, groundFee: 770 };

  it.each([
    [
      'first return, one of two units',
      two,
      [0],
      true,
      { unitsRefund: 4500, totalSalesTaxRefund: 232, shippingFee: 0, refundAmount: 4732 },
    ],
    [
      'first return, both units: the whole tax',
      two,
      [0, 1],
      true,
      { unitsRefund: 9000, totalSalesTaxRefund: 464, shippingFee: 0, refundAmount: 9464 },
    ],
    [
      'second return pays the ground fee',
      two,
      [1],
      false,
      { unitsRefund: 4500, totalSalesTaxRefund: 232, shippingFee: 770, refundAmount: 3962 },
    ],
    [
      'five units, the last two: 214 + 213',
      five,
      [3, 4],
      true,
      { unitsRefund: 9000, totalSalesTaxRefund: 427, shippingFee: 0, refundAmount: 9427 },
    ],
    [
      'five units, the first: 214',
      five,
      [0],
      true,
      { unitsRefund: 4500, totalSalesTaxRefund: 214, shippingFee: 0, refundAmount: 4714 },
    ],
    [
      'only exchanges: nothing refunded, no fee on the first',
      two,
      [],
      true,
      { unitsRefund: 0, totalSalesTaxRefund: 0, shippingFee: 0, refundAmount: 0 },
    ],
    [
      'a fee larger than the refund: only what the return is worth is deducted, never below zero',
      { unitCosts: [500], salesTax: 24, groundFee: 770 },
      [0],
      false,
      { unitsRefund: 500, totalSalesTaxRefund: 24, shippingFee: 524, refundAmount: 0 },
    ],
  ] as const)('%s', (_name, order, refundedUnits, isFirstReturn, expected) => {
    const refund = returnRefund({ ...order, refundedUnits, isFirstReturn });
    expect(refund).toEqual(expected);
    // The lines a shopper reads add up: the units' prices, the tax refund, less the fee.
    expect(refund.unitsRefund + refund.totalSalesTaxRefund - refund.shippingFee).toBe(
      refund.refundAmount,
    );
  });

  it('refunds each unit once, whatever the list repeats, and refuses units the order does not have', () => {
    expect(returnRefund({ ...two, refundedUnits: [0, 0], isFirstReturn: true }).refundAmount).toBe(
      4732,
    );
    expect(() => returnRefund({ ...two, refundedUnits: [2], isFirstReturn: true })).toThrow(
      RangeError,
    );
  });
});
