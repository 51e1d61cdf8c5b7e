/** The checkout summary (spec 2 and 9): subtotal, shipping, sales tax and total, in cents. */
import type { Cents } from './money.ts';
import { shippingCharge, type ShippingOption, type ShippingQuote } from './shipping.ts';
import { computeSalesTax, type TaxLine, type TaxRule } from './tax.ts';

export interface CheckoutTotals {
  subtotal: Cents;
  shipping: Cents;
  salesTax: Cents;
  total: Cents;
}

export interface TotalsInput {
  lines: readonly TaxLine[];
  option: ShippingOption;
  quote: ShippingQuote;
  freeShippingTarget: Cents;
  taxRule: TaxRule;
}

export function computeCheckoutTotals(input: TotalsInput): CheckoutTotals {
  const subtotal = input.lines.reduce((s, l) => s + l.unitAmount * l.quantity, 0);
  const shipping = shippingCharge(input.option, input.quote, subtotal, input.freeShippingTarget);
  const { salesTax } = computeSalesTax(input.lines, shipping, input.taxRule);
  return { subtotal, shipping, salesTax, total: subtotal + shipping + salesTax };
}
