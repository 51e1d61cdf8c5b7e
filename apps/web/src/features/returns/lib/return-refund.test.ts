import { describe, expect, it } from 'vitest';
import type { ReturnItem } from '@sunward/core/checkout-schemas';
import { createReturnItem, createReturnRecord } from '@/test/factories.ts';
import { createOrder, line } from '../test/returns-test-utils.tsx';
import { returnFigures, returnShippingFee, unitRefund, unitsSentBack } from './return-refund.ts';

const refund = (itemId: number): ReturnItem =>
  createReturnItem({ itemId, selected: true, returnType: 'Refund', returnReason: 'too-long' });
const exchange = (itemId: number): ReturnItem =>
  createReturnItem({
    itemId,
    selected: true,
    returnType: 'Exchange',
    returnReason: 'too-long',
    sizeExchange: 'lgr',
    positionExchange: 'Back',
  });

/**
 * Worked by hand: 3 units at $45.00, sales tax $6.41. 641 / 3 = 213 rest 2, so the first two units
 * carry 214 and the third 213 (214 + 214 + 213 = 641).
 */
describe('refund figures (spec 9)', () => {
  const order = createOrder();

  it("a unit's refund is its cost and its share of the tax", () => {
    expect([0, 1, 2].map((i) => unitRefund(order, i))).toEqual([4714, 4714, 4713]);
  });

  it('the first return refunds cost and tax shares, no fee; an exchange refunds nothing', () => {
    expect(returnFigures(order, [refund(0), exchange(1), refund(2)], null)).toEqual({
      totalSalesTaxRefund: 427,
      shippingFee: 0,
      refundAmount: 9427,
      feeUnknown: false,
    });
  });

  it('every unit returned refunds the whole tax paid', () => {
    expect(returnFigures(order, [refund(0), refund(1), refund(2)], null)).toMatchObject({
      totalSalesTaxRefund: 641,
      refundAmount: 14_141,
    });
  });

  it('the first return pays no fee, whatever the quote', () => {
    expect(returnShippingFee(order, 620)).toBe(0);
    expect(returnShippingFee(order, null)).toBe(0);
  });

  it('a later return pays the ground price quoted for the units sent back (the server’s rule)', () => {
    const later = createOrder({ returns: [createReturnRecord()] });
    expect(unitsSentBack([refund(2), exchange(1), createReturnItem({ itemId: 0 })])).toBe(2);
    expect(returnShippingFee(later, 620)).toBe(620);
    // 4500 + 213 - 620, as the server's test of the same order works it out.
    expect(returnFigures(later, [refund(2)], 620)).toEqual({
      totalSalesTaxRefund: 213,
      shippingFee: 620,
      refundAmount: 4093,
      feeUnknown: false,
    });
  });

  it('until the quote is in, a later return shows the refund before the fee', () => {
    const later = createOrder({ returns: [createReturnRecord()] });
    expect(returnShippingFee(later, null)).toBeNull();
    expect(returnFigures(later, [refund(0)], null)).toEqual({
      totalSalesTaxRefund: 214,
      shippingFee: 0,
      refundAmount: 4714,
      feeUnknown: true,
    });
  });

  it('shares uneven tax over lines of different prices', () => {
    // 2 x $45.00 and 1 x $50.00, tax $1.00: 34, 33, 33.
    const mixed = createOrder({
      products: [line({ quantity: 2 }), line({ productCost: 5000 })],
      salesTax: 100,
    });
    expect([0, 1, 2].map((i) => unitRefund(mixed, i))).toEqual([4534, 4533, 5033]);
  });
});
