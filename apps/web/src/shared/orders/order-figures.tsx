import type { Order, SalesTaxRate } from '@sunward/core/checkout-schemas';
import { formatMoney } from '@sunward/core/money';
import { describeTaxRate } from '@sunward/core/tax';
import { Figure, Figures } from '@/shared/ui/figures.tsx';
import { shippingAmount } from './order-format.ts';

/** An order's amounts, as OrderFigures takes them: `<OrderFigures {...orderAmounts(order)} />`. */
export const orderAmounts = (order: Order) => ({
  subtotal: order.subTotal,
  shipping: order.shippingRate,
  discount: order.discountCode ? { code: order.discountCode, amount: order.discount ?? 0 } : null,
  salesTax: order.salesTax,
  salesTaxRate: order.salesTaxRate,
  total: order.total,
});

/**
 * Spec 2, the figures of an order or a checkout: Subtotal, Shipping ('Free' at 0), the discount code's
 * line when one was applied, Sales Tax (only
 * above 0, with its rate and parts under it when known) and Total. Shipping and Total take a text instead of cents while they are not known yet
 * ('TBD', 'Calculating…').
 */
export function OrderFigures({
  subtotal,
  shipping,
  discount,
  salesTax,
  salesTaxRate,
  total,
  className,
}: {
  subtotal: number;
  shipping: number | string;
  /** The discount code applied and what it took off (goods and shipping): its own line (issue 28). */
  discount?: { code: string; amount: number } | null | undefined;
  salesTax: number;
  /** The rate the tax was computed at and its parts, shown under Sales Tax when known. */
  salesTaxRate?: SalesTaxRate | null | undefined;
  total: number | string;
  className?: string;
}) {
  return (
    <Figures className={className}>
      <Figure term="Subtotal">{formatMoney(subtotal)}</Figure>
      <Figure term="Shipping">
        {typeof shipping === 'number' ? shippingAmount(shipping) : shipping}
      </Figure>
      {discount ? (
        <Figure term={`Discount (${discount.code})`}>{formatMoney(-discount.amount)}</Figure>
      ) : null}
      {salesTax > 0 ? (
        <Figure
          term="Sales Tax"
          detail={salesTaxRate ? `Rate ${describeTaxRate(salesTaxRate)}` : undefined}
        >
          {formatMoney(salesTax)}
        </Figure>
      ) : null}
      <Figure term="Total" total>
        {typeof total === 'number' ? formatMoney(total) : total}
      </Figure>
    </Figures>
  );
}
