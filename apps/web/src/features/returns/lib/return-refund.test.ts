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

  it("a unit's refund line is its price: its share of the tax is in the sales tax refund", () => {
    expect([0, 1, 2].map((i) => unitRefund(order, i))).toEqual([4500, 4500, 4500]);
  });

  it('a review of two units: the unit lines and the tax refund add up to the total (issue 23)', () => {
    const figures = returnFigures(order, [refund(0), refund(1)], null);
    expect(unitRefund(order, 0) + unitRefund(order, 1) + figures.totalSalesTaxRefund).toBe(
      figures.refundAmount,
    );
  });

  it('the first return refunds cost and tax shares, no fee; an exchange refunds nothing', () => {
    expect(returnFigures(order, [refund(0), exchange(1), refund(2)], null)).toEqual({
      unitsRefund: 9000,
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
      unitsRefund: 4500,
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
      unitsRefund: 4500,
      totalSalesTaxRefund: 214,
      shippingFee: 0,
      refundAmount: 4714,
      feeUnknown: true,
    });
  });

  it('shares uneven tax over lines of different prices', () => {
    // 2 x $45.00 and 1 x $50.00, tax $1.00: 34, 33, 33; each unit's line is its own price.
    const mixed = createOrder({
      products: [line({ quantity: 2 }), line({ productCost: 5000 })],
      salesTax: 100,
    });
    expect([0, 1, 2].map((i) => unitRefund(mixed, i))).toEqual([4500, 4500, 5000]);
    expect(returnFigures(mixed, [refund(0), refund(1), refund(2)], null)).toMatchObject({
      unitsRefund: 14_000,
      totalSalesTaxRefund: 100,
      refundAmount: 14_100,
    });
  });
});
