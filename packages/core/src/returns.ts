/**
 * Returns (spec 3, 4, 9): the return record's fields and when a customer may start a return.
 *
 * Create Return is offered when the order is completed or return, the order is within its return window
 * and either it has no returns yet or its latest return still has an item kept (returnType Keep): those
 * kept items are what a later return starts from.
 *
 * The window (spec 5 and 9): 15 days (1296000 s) from the order's updatedAt; an order bought from
 * Nov 15 to Dec 24 (the shop's calendar date) stays returnable until Jan 15 of the next year (through
 * that day, the shop's calendar). The holiday rule only ever extends the window: whichever ends later
 * applies.
 */
import { isOld, OLD_AFTER_SECONDS, SHOP_TIME_ZONE } from './dates.ts';

export const RETURN_TYPES = ['Keep', 'Exchange', 'Refund'] as const;
export type ReturnType = (typeof RETURN_TYPES)[number];

export const RETURN_REASONS = ['too-short', 'too-long', 'too-tight', 'too-loose'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** The statuses an order may be in to start a return (spec 4). */
export const RETURNABLE_STATUSES = ['completed', 'return'] as const;

/** What the rule reads of an order; returns are the stored records (spec 3, return record). */
export interface ReturnableOrder {
  status: string;
  createdAt: string;
  updatedAt: string;
  /** When the carrier delivered the order; the window counts from it when known. */
  deliveredAt?: string | null;
  returns: readonly unknown[];
}

/** The holiday rule's months and days (1-based months): bought Nov 15 - Dec 24, returnable until Jan 15. */
export const HOLIDAY_RETURNS = {
  boughtFrom: { month: 11, day: 15 },
  boughtUntil: { month: 12, day: 24 },
  returnableUntil: { month: 1, day: 15 },
} as const;

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const shopCalendar = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/** The shop's calendar date (America/New_York) of an instant, or null for an invalid date. */
function shopDate(date: Date): CalendarDate | null {
  if (Number.isNaN(date.getTime())) return null;
  const parts = Object.fromEntries(
    shopCalendar.formatToParts(date).map((part) => [part.type, Number(part.value)]),
  );
  return { year: parts.year!, month: parts.month!, day: parts.day! };
}

/** Month and day as one comparable number: Nov 15 -> 1115. */
const monthDay = (d: { month: number; day: number }) => d.month * 100 + d.day;

/** Whether the order was bought Nov 15 - Dec 24 and `now` is no later than the next Jan 15. */
function inHolidayWindow(createdAt: Date, now: Date): boolean {
  const bought = shopDate(createdAt);
  const today = shopDate(now);
  if (!bought || !today) return false;
  const md = monthDay(bought);
  if (md < monthDay(HOLIDAY_RETURNS.boughtFrom) || md > monthDay(HOLIDAY_RETURNS.boughtUntil)) {
    return false;
  }
  if (today.year === bought.year) return true;
  return (
    today.year === bought.year + 1 && monthDay(today) <= monthDay(HOLIDAY_RETURNS.returnableUntil)
  );
}

/**
 * Whether `now` is within the order's return window (spec: 15 days after receipt, or the holiday
 * rule): from the carrier's delivery date when the parcel was tracked to delivery, else from updatedAt
 * (an order an operator marked delivered by hand).
 */
export function isWithinReturnWindow(
  order: Pick<ReturnableOrder, 'createdAt' | 'updatedAt' | 'deliveredAt'>,
  now: Date = new Date(),
): boolean {
  const received = new Date(order.deliveredAt ?? order.updatedAt);
  const recent = !Number.isNaN(received.getTime()) && !isOld(received, now);
  return recent || inHolidayWindow(new Date(order.createdAt), now);
}

/**
 * The last moment a return can be started (the end of isWithinReturnWindow): 15 days after receipt
 * (the carrier's delivery, else updatedAt), or the end of Jan 15 in the shop's time zone for an order
 * bought Nov 15 - Dec 24, whichever is later. Null for an order without a readable date.
 */
export function returnWindowEnd(
  order: Pick<ReturnableOrder, 'createdAt' | 'updatedAt' | 'deliveredAt'>,
): Date | null {
  const received = new Date(order.deliveredAt ?? order.updatedAt).getTime();
  if (Number.isNaN(received)) return null;
  let end = received + OLD_AFTER_SECONDS * 1000;
  const bought = shopDate(new Date(order.createdAt));
  if (bought) {
    const md = monthDay(bought);
    if (md >= monthDay(HOLIDAY_RETURNS.boughtFrom) && md <= monthDay(HOLIDAY_RETURNS.boughtUntil)) {
      // The end of Jan 15 in New York: January is always Eastern Standard Time (UTC-5).
      const { month, day } = HOLIDAY_RETURNS.returnableUntil;
      end = Math.max(end, Date.UTC(bought.year + 1, month - 1, day + 1, 5) - 1);
    }
  }
  return new Date(end);
}

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/**
 * The latest of an order's return records: the one created last (by createdAt; records without a
 * readable date, or with equal dates, count in the order they are stored).
 */
export function latestReturn(returns: readonly unknown[]): Record<string, unknown> | null {
  let latest: Record<string, unknown> | null = null;
  let latestTime = -Infinity;
  for (const value of returns) {
    const entry = record(value);
    if (!entry) continue;
    const time =
      typeof entry.createdAt === 'string' ? new Date(entry.createdAt).getTime() : Number.NaN;
    const at = Number.isNaN(time) ? latestTime : time;
    if (at >= latestTime) {
      latest = entry;
      latestTime = at;
    }
  }
  return latest;
}

/** Whether a return record still has an item the customer kept (returnType Keep). */
export function hasKeptItem(returnRecord: Record<string, unknown>): boolean {
  const products = returnRecord.products;
  return Array.isArray(products) && products.some((item) => record(item)?.returnType === 'Keep');
}

/** Spec 4: whether Create Return is offered for the order at `now`. */
export function canCreateReturn(order: ReturnableOrder, now: Date = new Date()): boolean {
  if (!(RETURNABLE_STATUSES as readonly string[]).includes(order.status)) return false;
  if (!isWithinReturnWindow(order, now)) return false;
  if (order.returns.length === 0) return true;
  const latest = latestReturn(order.returns);
  return latest !== null && hasKeptItem(latest);
}

/**
 * Spec 9: each unit's share of the order's sales tax, in cents: the tax divided by the order's unit
 * count, the cents that do not divide evenly going one each to the first units, so the shares of all
 * units always add up to exactly the tax paid (returning every unit refunds all of it, never a cent
 * more or less).
 */
export function taxShares(salesTax: number, units: number): number[] {
  if (!Number.isInteger(salesTax) || salesTax < 0) throw new RangeError('salesTax: whole cents');
  if (!Number.isInteger(units) || units < 0) throw new RangeError('units: a whole count');
  if (units === 0) return [];
  const base = Math.floor(salesTax / units);
  const extra = salesTax - base * units;
  return Array.from({ length: units }, (_, i) => base + (i < extra ? 1 : 0));
}

export interface ReturnRefundInput {
  /** The cost (cents) of each unit of the order, in line order, each line expanded by its quantity. */
  unitCosts: readonly number[];
  /** The order's sales tax (cents). */
  salesTax: number;
  /** The indexes (into unitCosts) of the units refunded by this return. */
  refundedUnits: readonly number[];
  /** Whether this is the order's first return (free); later ones pay the return shipping fee. */
  isFirstReturn: boolean;
  /** The ground base price (cents) charged for a return after the first (spec 9). */
  groundFee: number;
}

export interface ReturnRefund {
  /**
   * The refunded units' prices (what was paid for each, no tax): each refunded unit's line shows its
   * price, and its share of the tax is in the sales tax refund line, never in both.
   */
  unitsRefund: number;
  totalSalesTaxRefund: number;
  /** The return shipping fee deducted: never more than the return is worth. */
  shippingFee: number;
  refundAmount: number;
}

/**
 * Spec 9, the refund of a return: the refunded units' cost plus their shares of the sales tax, minus
 * the return shipping fee (the ground base price) on every return after the first; never below zero.
 * Exchanged and kept units refund nothing. The figures are the lines every page and email shows, and
 * they add up: unitsRefund + totalSalesTaxRefund - shippingFee = refundAmount, what the payment
 * processor refunds. So a fee larger than the return is worth (a $1.00 shirt sent back for $6.20) is
 * deducted only as far as the refund goes, and shown so.
 */
export function returnRefund(input: ReturnRefundInput): ReturnRefund {
  const shares = taxShares(input.salesTax, input.unitCosts.length);
  const refunded = [...new Set(input.refundedUnits)];
  for (const i of refunded) {
    if (!Number.isInteger(i) || i < 0 || i >= input.unitCosts.length) {
      throw new RangeError(`refundedUnits: no unit ${i}`);
    }
  }
  const unitsRefund = refunded.reduce((sum, i) => sum + input.unitCosts[i]!, 0);
  const totalSalesTaxRefund = refunded.reduce((sum, i) => sum + shares[i]!, 0);
  const worth = unitsRefund + totalSalesTaxRefund;
  const shippingFee = input.isFirstReturn ? 0 : Math.min(input.groundFee, worth);
  return { unitsRefund, totalSalesTaxRefund, shippingFee, refundAmount: worth - shippingFee };
}

/**
 * The units' line of a return record as every page shows it: the prices of the units it refunds
 * (exchanged and kept units refund nothing). With the record's tax refund, less its fee, it makes the
 * record's refund amount.
 */
export function refundedUnitsTotal(
  units: readonly { returnType: string; productCost: number }[],
): number {
  return units.reduce((sum, u) => sum + (u.returnType === 'Refund' ? u.productCost : 0), 0);
}
