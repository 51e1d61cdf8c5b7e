/**
 * An order's payment as the console shows it (issue 15): its payment status, read from the amounts
 * (never stored, so it cannot disagree with the refunds), and what a refund by items and shipping
 * comes to.
 *
 * Payment status: `paid` (nothing refunded), `partly-refunded` (0 < refunded < total), `refunded`
 * (refunded >= total > 0), and `no-charge` for an order nobody paid for (total 0: an exchange's
 * replacement). "No charge" rather than "unpaid": nothing is owed on those orders, and "unpaid" would
 * read as a customer who has not paid yet. Every order with a total above 0 was paid at checkout (an
 * order exists only for a paid payment).
 */
import { unitPricesPaid } from './discount.ts';
import { taxShares } from './returns.ts';
import type { Cents } from './money.ts';

export const PAYMENT_STATUSES = ['paid', 'partly-refunded', 'refunded', 'no-charge'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  paid: 'Paid',
  'partly-refunded': 'Partly refunded',
  refunded: 'Refunded',
  'no-charge': 'No charge',
};

export function isPaymentStatus(value: string): value is PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(value);
}

/** The payment status of an order with `total` and `refunded` (cents). */
export function paymentStatusOf(total: Cents, refunded: Cents): PaymentStatus {
  if (total <= 0) return 'no-charge';
  if (refunded <= 0) return 'paid';
  if (refunded < total) return 'partly-refunded';
  return 'refunded';
}

/** A line of an order as a refund by items reads it (line numbers from 1, in line order). */
export interface RefundableLine {
  line: number;
  quantity: number;
  unitAmount: Cents;
  /** The line's share of the order's discount code (issue 28): its units refund what was paid. */
  discount?: Cents;
}

/** What an operator picked: units of some lines, and/or the shipping. */
export interface RefundPick {
  items: readonly { line: number; quantity: number }[];
  shipping: boolean;
}

/** What earlier refunds by items took: units per line, and whether the shipping went. */
export interface RefundedByItems {
  units: ReadonlyMap<number, number>;
  shipping: boolean;
}

export interface ItemsRefundLine {
  line: number;
  quantity: number;
  unitAmount: Cents;
  /** The units' shares of the order's sales tax. */
  tax: Cents;
  /** What was paid for the units (unitAmount less their share of a discount) + tax */
  amount: Cents;
}

export type ItemsRefund =
  | { ok: true; amount: Cents; lines: ItemsRefundLine[]; shipping: Cents }
  | { ok: false; message: string };

const shirts = (n: number) => `${n} ${n === 1 ? 'shirt' : 'shirts'}`;

/**
 * The refund of `pick`: each unit at its price plus its share of the order's sales tax (core
 * `taxShares`, as a return refunds it), and the shipping charge. Units are numbered over the order's
 * lines in line order; a line's units are refunded from its first not yet refunded by items, so
 * refunding every unit (in any number of refunds) returns exactly the tax paid, never a cent more.
 * Refuses a line the order does not have, more units than a line has left, shipping that was free or
 * already refunded, and an empty pick.
 */
export function itemsRefund(
  order: { lines: readonly RefundableLine[]; salesTax: Cents; shipping: Cents },
  done: RefundedByItems,
  pick: RefundPick,
): ItemsRefund {
  const wanted = new Map<number, number>();
  for (const { line, quantity } of pick.items) {
    if (!Number.isInteger(quantity) || quantity < 0) {
      return { ok: false, message: 'A quantity is a whole number of shirts.' };
    }
    if (quantity > 0) wanted.set(line, (wanted.get(line) ?? 0) + quantity);
  }
  if (wanted.size === 0 && !pick.shipping) {
    return { ok: false, message: 'Choose the shirts or the shipping to refund, or an amount.' };
  }

  const unitCount = order.lines.reduce((n, l) => n + l.quantity, 0);
  const shares = taxShares(order.salesTax, unitCount);
  const known = new Set(order.lines.map((l) => l.line));
  for (const line of wanted.keys()) {
    if (!known.has(line)) return { ok: false, message: `This order has no line ${line}.` };
  }

  const lines: ItemsRefundLine[] = [];
  let offset = 0;
  for (const l of order.lines) {
    const quantity = wanted.get(l.line) ?? 0;
    const already = done.units.get(l.line) ?? 0;
    const left = Math.max(0, l.quantity - already);
    if (quantity > left) {
      return {
        ok: false,
        message:
          left === 0
            ? `Line ${l.line} was already refunded in full.`
            : `Line ${l.line} has ${shirts(left)} left to refund; ${quantity} asked.`,
      };
    }
    if (quantity > 0) {
      const first = offset + already;
      const tax = shares.slice(first, first + quantity).reduce((s, c) => s + c, 0);
      const paid = unitPricesPaid(l.unitAmount, l.quantity, l.discount ?? 0)
        .slice(already, already + quantity)
        .reduce((s, c) => s + c, 0);
      lines.push({
        line: l.line,
        quantity,
        unitAmount: l.unitAmount,
        tax,
        amount: paid + tax,
      });
    }
    offset += l.quantity;
  }

  let shipping = 0;
  if (pick.shipping) {
    if (order.shipping <= 0) {
      return { ok: false, message: 'The shipping was free: there is no shipping to refund.' };
    }
    if (done.shipping) return { ok: false, message: 'The shipping was already refunded.' };
    shipping = order.shipping;
  }
  const amount = lines.reduce((s, l) => s + l.amount, 0) + shipping;
  return { ok: true, amount, lines, shipping };
}
