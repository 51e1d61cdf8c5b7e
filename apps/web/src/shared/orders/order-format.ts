import { cardBrandLabel } from '@sunward/core/card';
import { trackingUrl } from '@sunward/core/carriers';
import type { Order } from '@sunward/core/checkout-schemas';
import { formatLocalDate } from '@sunward/core/dates';
import { formatMoney } from '@sunward/core/money';

/** Spec 2: the status with dashes shown as spaces ('in-progress' -> 'in progress'). */
export const statusLabel = (status: string): string => status.replaceAll('-', ' ');

/** Spec 5: MM/DD/YYYY, the shopper's own calendar date. */
export const orderDate = (iso: string): string => formatLocalDate(iso);

/** Spec 2 and 4, Track Package: the tracking page of a shipped order with a tracking number, else null. */
export function trackPackageUrl(
  order: Pick<Order, 'status' | 'tracking' | 'carrier'>,
): string | null {
  const tracking = order.tracking?.trim();
  return order.status === 'shipped' && tracking ? trackingUrl(order.carrier, tracking) : null;
}

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

/**
 * The Payment Method line of an order: its card, or for an order nobody paid for (an exchange's
 * replacement: no card, total $0) that there was no charge, rather than "Card ending in ····".
 */
export function paymentMethod(order: Pick<Order, 'billing' | 'total'>): string {
  const { card } = order.billing;
  if (order.total === 0 && !card.last4) return 'No charge (a replacement order)';
  return cardEnding(card);
}

/** The Shipping figure of an order or a checkout: 'Free' at 0, the amount otherwise. */
export const shippingAmount = (cents: number): string =>
  cents === 0 ? 'Free' : formatMoney(cents);
