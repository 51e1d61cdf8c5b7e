/**
 * The refund figures the return pages show, by core's rule (spec 9, packages/core returns.ts): the
 * server computes the refund again when the return is submitted, by the same functions. The figures
 * add up as shown: each refunded unit's price, the sales tax refund, less the return shipping fee,
 * make the total refund.
 */
import type { Order, ReturnItem } from '@sunward/core/checkout-schemas';
import { returnRefund, type ReturnRefund } from '@sunward/core/returns';
import { orderUnits } from './return-form.ts';

type OrderFigures = Pick<Order, 'products' | 'salesTax' | 'returns'>;

/**
 * A refunded unit's line (cents): its price, what was paid for it. Its share of the sales tax is not
 * in it: that is in the Sales Tax Refund line, so that it is not counted twice (issue 23).
 */
export function unitRefund(order: Pick<Order, 'products'>, itemId: number): number {
  return orderUnits(order)[itemId]?.productCost ?? 0;
}

/** The units this return sends back (Refund and Exchange): what the return shipping fee is quoted for. */
export function unitsSentBack(items: readonly ReturnItem[]): number {
  return items.filter((item) => item.selected && item.returnType !== 'Keep').length;
}

/**
 * The return shipping fee of this return (spec 9): none on the first return; on a later one the ground
 * base price from the shop's ZIP to the order's for the units sent back, which the server quotes when the
 * return is submitted and the page asks of the same prices call (`groundQuote`, null until it answers).
 */
export function returnShippingFee(
  order: Pick<Order, 'returns'>,
  groundQuote: number | null,
): number | null {
  return order.returns.length === 0 ? 0 : groundQuote;
}

export interface ReturnFigures extends ReturnRefund {
  /** Whether a fee is charged (not the first return) whose quote has not come yet. */
  feeUnknown: boolean;
}

/**
 * The review's figures: sales tax refund, shipping fee and refund for the units refunded. Until the fee's
 * quote is in, the refund is before the fee (feeUnknown says so).
 */
export function returnFigures(
  order: OrderFigures,
  items: readonly ReturnItem[],
  groundQuote: number | null,
): ReturnFigures {
  const fee = returnShippingFee(order, groundQuote);
  const refund = returnRefund({
    unitCosts: orderUnits(order).map((unit) => unit.productCost),
    salesTax: order.salesTax,
    refundedUnits: items
      .filter((item) => item.selected && item.returnType === 'Refund')
      .map((item) => item.itemId),
    isFirstReturn: order.returns.length === 0,
    groundFee: fee ?? 0,
  });
  return { ...refund, feeUnknown: fee === null };
}
