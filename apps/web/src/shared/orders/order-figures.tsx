import type { Order } from '@sunward/core/checkout-schemas';
import { formatMoney } from '@sunward/core/money';
import { Figure, Figures } from '@/shared/ui/figures.tsx';
import { shippingAmount } from './order-format.ts';

/** An order's amounts, as OrderFigures takes them: `<OrderFigures {...orderAmounts(order)} />`. */
export const orderAmounts = (order: Order) => ({
  subtotal: order.subTotal,
  shipping: order.shippingRate,
  salesTax: order.salesTax,
  total: order.total,
});

/**
 * Spec 2, the figures of an order or a checkout: Subtotal, Shipping ('Free' at 0), Sales Tax (only
 * above 0) and Total. Shipping and Total take a text instead of cents while they are not known yet
 * ('TBD', 'Calculating…').
 */
export function OrderFigures({
  subtotal,
  shipping,
  salesTax,
  total,
  className,
}: {
  subtotal: number;
  shipping: number | string;
  salesTax: number;
  total: number | string;
  className?: string;
}) {
  return (
    <Figures className={className}>
      <Figure term="Subtotal">{formatMoney(subtotal)}</Figure>
      <Figure term="Shipping">
        {typeof shipping === 'number' ? shippingAmount(shipping) : shipping}
      </Figure>
      {salesTax > 0 ? <Figure term="Sales Tax">{formatMoney(salesTax)}</Figure> : null}
      <Figure term="Total" total>
        {typeof total === 'number' ? formatMoney(total) : total}
      </Figure>
    </Figures>
  );
}
