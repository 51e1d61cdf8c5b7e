/**
 * What the order emails share: a product line in words, the list of an order's product lines, and
 * its amounts (subtotal, shipping, the discount code's line, sales tax, total).
 */
import type { Order } from '@sunward/core/checkout-schemas';
import { designTitle } from '@sunward/core/designs';
import { formatMoney } from '@sunward/core/money';
import { sizeLabel } from '@sunward/core/sizes';
import type { CSSProperties } from 'react';
import { AmountLines } from './email-kit.tsx';

type OrderProduct = Order['products'][number];

/** A line of an order as the emails name it: "Alaska sun shirt, M - Regular, Front". */
function productLabel(p: OrderProduct): string {
  return `${designTitle(p.design)} sun shirt, ${sizeLabel(p.size)}, ${p.position}`;
}

/** The order's product lines: "2 × Alaska sun shirt, MD - Regular, Front", the amount right. */
export function ProductLines({ order, style }: { order: Order; style?: CSSProperties }) {
  return (
    <AmountLines
      style={style}
      lines={order.products.map((p) => ({
        what: `${p.quantity} × ${productLabel(p)}`,
        amount: formatMoney(p.productCost * p.quantity),
      }))}
    />
  );
}

/** The order's amounts as charged: the discount code's own line (issue 28) and the tax when any. */
export function OrderAmounts({ order }: { order: Order }) {
  const rows: [string, number][] = [
    ['Subtotal', order.subTotal],
    ['Shipping', order.shippingRate],
    ...(order.discount
      ? ([[`Discount (${order.discountCode ?? ''})`, -order.discount]] as [string, number][])
      : []),
    ...(order.salesTax > 0 ? ([['Sales tax', order.salesTax]] as [string, number][]) : []),
    ['Total', order.total],
  ];
  return (
    <AmountLines
      labels
      lines={rows.map(([label, cents]) => ({
        what: label,
        amount: formatMoney(cents),
        bold: label === 'Total',
      }))}
    />
  );
}
