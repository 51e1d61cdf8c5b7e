/**
 * The refund figures the return pages show, by core's rule (spec 9, packages/core returns.ts): the
 * server computes the refund again when the return is submitted, by the same functions.
 */
import type { Order, ReturnItem } from '@sunward/core/checkout-schemas';
import { returnRefund, taxShares, type ReturnRefund } from '@sunward/core/returns';
import { orderUnits } from './return-form.ts';

type OrderFigures = Pick<
  Order,
  'products' | 'salesTax' | 'returns' | 'shippingOption' | 'shippingRate'
>;

/** Spec 9: a unit's refund on its own, its cost and its share of the sales tax (cents). */
export function unitRefund(order: Pick<Order, 'products' | 'salesTax'>, itemId: number): number {
  const costs = orderUnits(order).map((unit) => unit.productCost);
  const shares = taxShares(order.salesTax, costs.length);
  return (costs[itemId] ?? 0) + (shares[itemId] ?? 0);
}

/**
 * The return shipping fee of this return (spec 9): none on the first return; on a later one the ground
 * base price, which the page knows only when the order paid for ground shipping (its shippingRate).
 * null: a fee is charged but its amount is the server's to tell (priority, or free ground shipping).
 */
export function returnShippingFee(
  order: Pick<Order, 'returns' | 'shippingOption' | 'shippingRate'>,
): number | null {
  if (order.returns.length === 0) return 0;
  return order.shippingOption === 'ground' && order.shippingRate > 0 ? order.shippingRate : null;
}

export interface ReturnFigures extends ReturnRefund {
  /** Whether a fee is charged (not the first return) whose amount the page cannot tell. */
  feeUnknown: boolean;
}

/**
 * The review's figures: sales tax refund, shipping fee and refund for the units refunded. When the fee
 * is not known here, the refund is before the fee (feeUnknown says so).
 */
export function returnFigures(order: OrderFigures, items: readonly ReturnItem[]): ReturnFigures {
  const fee = returnShippingFee(order);
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
