import { cardBrandLabel } from '@sunward/core/card';
import type { Order } from '@sunward/core/checkout-schemas';
import { formatMoney } from '@sunward/core/money';

/** The parts of a US address the shop shows: an order's addresses, the address entered at checkout. */
export interface AddressParts {
  line1: string;
  line2: string;
  city: string;
  state: string;
  postal_code: string;
}

/** "600 E Trade St, Apt 2" and "Charlotte, NC 28202": the two lines an address is shown in. */
export function addressLines(address: AddressParts): [string, string] {
  const street = address.line2 ? `${address.line1}, ${address.line2}` : address.line1;
  return [street, `${address.city}, ${address.state} ${address.postal_code}`];
}

/** Spec 2, the card an order was paid with: "Visa ending in 4242" ("Card" when the brand is unknown). */
export function cardEnding(card: Order['billing']['card']): string {
  const brand = card.brand ? cardBrandLabel(card.brand) : 'Card';
  return `${brand} ending in ${card.last4 ?? '····'}`;
}

/** The Shipping figure of an order or a checkout: 'Free' at 0, the amount otherwise. */
export const shippingAmount = (cents: number): string =>
  cents === 0 ? 'Free' : formatMoney(cents);
