import { describe, expect, it } from 'vitest';
import {
  allocateDiscount,
  checkDiscount,
  computeDiscountedTotals,
  discountedTaxLines,
  normalizeCode,
  unitDiscountShares,
  type DiscountCode,
} from './discount.ts';
import { taxRuleFor } from './tax.ts';

const code = (over: Partial<DiscountCode> = {}): DiscountCode =>
  ({
    code: 'SUN20',
    kind: 'percent',
    percent: 20,
    designs: null,
    active: true,
    minSubtotal: null,
    startsAt: null,
    endsAt: null,
    maxUses: null,
    uses: 0,
    oncePerCustomer: false,
    firstOrderOnly: false,
    ...over,
  }) as DiscountCode;

const line = (unitAmount: number, quantity: number, design = 'alaska') => ({
  unitAmount,
  quantity,
  design,
});
const fresh = { usedCodeBefore: false, hasOrdered: false };
const now = new Date('2026-11-29T12:00:00Z');

describe('normalizeCode', () => {
  it.each([
    [' sun 20 ', 'SUN20'],
    ['Sun20', 'SUN20'],
    ['s\tu n2 0', 'SUN20'],
  ])('%j -> %s', (input, expected) => expect(normalizeCode(input)).toBe(expected));
});

describe('checkDiscount', () => {
  it.each([
    [{}, fresh, null],
    [{ active: false }, fresh, 'inactive'],
    [{ startsAt: '2026-11-30T00:00:00Z' }, fresh, 'not_started'],
    [{ endsAt: '2026-11-29T12:00:00Z' }, fresh, 'expired'],
    [{ maxUses: 1, uses: 1 }, fresh, 'used_up'],
    [{ maxUses: 2, uses: 1 }, fresh, null],
    [{ minSubtotal: 9001 }, fresh, 'min_subtotal'],
    [{ minSubtotal: 9000 }, fresh, null],
    [{ oncePerCustomer: true }, { usedCodeBefore: true, hasOrdered: true }, 'once_per_customer'],
    [{ firstOrderOnly: true }, { usedCodeBefore: false, hasOrdered: true }, 'first_order_only'],
    [{ designs: ['zion'] }, fresh, 'not_eligible'],
    [{ designs: ['alaska'] }, fresh, null],
  ] as const)('%j for %j -> %s', (over, shopper, expected) => {
    const result = checkDiscount(code(over), [line(4500, 2)], shopper, now);
    if (expected === null) expect(result).toEqual({ ok: true });
    else expect(result).toMatchObject({ ok: false, code: expected });
  });

  it('says what is wrong in words', () => {
    const result = checkDiscount(code({ minSubtotal: 10000 }), [line(4500, 2)], fresh, now);
    expect(result).toMatchObject({
      message: 'The discount code SUN20 needs a subtotal of at least $100.00.',
    });
  });
});

describe('allocateDiscount', () => {
  it.each([
    // 20% of 9000 = 1800, one line
    [[line(4500, 2)], { kind: 'percent', percent: 20 }, 0, [1800], 0],
    // 10% of 3 x 3333 = 999.9 -> 1000; split 333 + 333 + 333 floors, 1 cent to the last
    [
      [line(3333, 1), line(3333, 1), line(3333, 1)],
      { kind: 'percent', percent: 10 },
      0,
      [333, 333, 334],
      0,
    ],
    // $10 off 4500 + 1500: 7500 and 2500
    [[line(4500, 1), line(1500, 1)], { kind: 'amount', amountOff: 1000 }, 0, [750, 250], 0],
    // an amount larger than the bag takes the bag
    [[line(4500, 1)], { kind: 'amount', amountOff: 9999 }, 0, [4500], 0],
    // free shipping takes the shipping off, nothing off the lines
    [[line(4500, 1)], { kind: 'free_shipping' }, 650, [0], 650],
  ] as const)('%j with %j', (lines, offer, shipping, expectedLines, expectedShipping) => {
    const a = allocateDiscount(lines, { designs: null, ...offer } as never, shipping);
    expect(a.lineDiscounts).toEqual(expectedLines);
    expect(a.shippingDiscount).toBe(expectedShipping);
    expect(a.discount).toBe(
      expectedLines.reduce((s: number, d: number) => s + d, 0) + expectedShipping,
    );
  });

  it('covers only the designs it is limited to', () => {
    const a = allocateDiscount(
      [line(4500, 1, 'alaska'), line(4500, 1, 'zion'), line(4500, 1, 'maui')],
      { kind: 'percent', percent: 50, designs: ['alaska', 'zion'] },
      0,
    );
    expect(a.lineDiscounts).toEqual([2250, 2250, 0]);
  });
});

describe('unitDiscountShares', () => {
  it.each([
    [1800, 2, [900, 900]],
    [1001, 3, [333, 334, 334]],
    [0, 2, [0, 0]],
    [5, 0, []],
  ] as const)('%i over %i units', (d, q, expected) =>
    expect(unitDiscountShares(d, q)).toEqual(expected),
  );
});

describe('discountedTaxLines', () => {
  it('splits a line by its odd cents', () => {
    expect(discountedTaxLines([{ unitAmount: 4500, quantity: 3 }], [1001])).toEqual([
      { unitAmount: 4167, quantity: 1 },
      { unitAmount: 4166, quantity: 2 },
    ]);
  });
});

describe('computeDiscountedTotals', () => {
  it('taxes the discounted goods and shipping: Charlotte, NC at 7.25%', () => {
    const totals = computeDiscountedTotals({
      lines: [line(4500, 2)],
      option: 'ground',
      quote: { ground: 650, priority: 1115 },
      freeShippingTarget: 10000,
      taxRule: taxRuleFor('NC', { nexusStates: ['NC'] }, 'Mecklenburg'),
      offer: { kind: 'percent', percent: 20, designs: null },
    });
    // 9000 - 1800 = 7200 goods + 650 shipping = 7850 x 7.25% = 569.125 -> 569
    expect(totals).toMatchObject({
      subtotal: 9000,
      shipping: 650,
      discount: 1800,
      salesTax: 569,
      total: 9000 + 650 - 1800 + 569,
    });
  });

  it('with free shipping, taxes no shipping', () => {
    const totals = computeDiscountedTotals({
      lines: [line(4500, 1)],
      option: 'priority',
      quote: { ground: 650, priority: 1115 },
      freeShippingTarget: 10000,
      taxRule: taxRuleFor('NC', { nexusStates: ['NC'] }),
      offer: { kind: 'free_shipping', designs: null },
    });
    // 4500 x 4.75% = 213.75 -> 214
    expect(totals).toMatchObject({ shipping: 1115, discount: 1115, salesTax: 214, total: 4714 });
  });
});
