/**
 * The console's home (issue 15, item 8): what needs an operator now, and the sales of a period of the
 * shop's calendar days next to the period before it.
 *
 * Sales: the gross sales of a day are the totals of the orders created that day that were paid through
 * the payment provider (orders with a payment intent: an exchange's replacement order has none and
 * brings no money), cancelled ones included, since the card was charged; refunds are shown on their
 * own, on the day each was made. Orders are those same orders counted; the average order value is sales
 * over orders in whole cents, rounded half up (none on a day without orders). Changes compare each
 * period's totals in percent, to one decimal (none when the period before had nothing).
 */
import { SHOP_TIME_ZONE } from '@sunward/core/dates';
import { SIZE_CODES } from '@sunward/core/sizes';
import type { Dashboard, SalesPeriod } from '@sunward/core/console-dashboard';
import type { Db } from '../../db/database.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { openFindings } from '../reconciliation/reconciliation.api.ts';
import { openAlerts } from '../payment-page/payment-page.api.ts';
import * as repo from './dashboard.repository.ts';
import {
  addDays,
  daysBetween,
  daysOf,
  isIsoDate,
  shopDay,
  shopDayStart,
} from '@sunward/core/shop-calendar';

/** The period when none is asked for: the last 30 days, today included. */
export const DEFAULT_DAYS = 30;
/** The longest period (a leap year). */
export const MAX_DAYS = 366;
/** Data requests due within this many days are on the home's queue (overdue ones too). */
export const DUE_SOON_DAYS = 10;
/** Orders waiting to ship. */
export const TO_SHIP_STATUSES = ['pending', 'in-progress'] as const;
/** A return in any other status is still open (the returns' own statuses grow with the console). */
export const FINAL_RETURN_STATUSES = ['refunded', 'closed'] as const;
/** A data request in any other status is still open. */
export const CLOSED_DATA_REQUEST_STATUSES = ['closed', 'answered', 'completed'] as const;

export type DashboardFailure = Failure<'invalid_period'>;

/** a / b rounded half away from zero, in integers (b > 0). */
function divideRounded(a: number, b: number): number {
  const q = Math.floor((2 * Math.abs(a) + b) / (2 * b));
  return a < 0 ? -q : q;
}

/** Whole cents per order, rounded half up; null without orders. */
export function averageOrderValue(sales: number, orders: number): number | null {
  return orders === 0 ? null : divideRounded(sales, orders);
}

/** The change from `before` to `now` in percent, to one decimal; null when `before` is 0 or none. */
export function percentChange(now: number | null, before: number | null): number | null {
  if (now === null || before === null || before === 0) return null;
  return divideRounded((now - before) * 1000, before) / 10;
}

/** What the home asks for: `from`..`to`, or the last `days` days up to `to` (default today). */
export interface PeriodQuery {
  from?: string;
  to?: string;
  days?: number;
}

/** The period asked for, checked: both days real, from <= to <= today, at most MAX_DAYS long. */
export function resolvePeriod(
  query: PeriodQuery,
  today: string,
): Result<{ from: string; to: string }, DashboardFailure> {
  for (const name of ['from', 'to'] as const) {
    const value = query[name];
    if (value !== undefined && !isIsoDate(value)) {
      return fail('invalid_period', `${name} must be a date as YYYY-MM-DD (got "${value}").`);
    }
  }
  if (query.days !== undefined && query.from !== undefined) {
    return fail('invalid_period', 'Give either days or from, not both.');
  }
  if (query.days !== undefined && !(Number.isInteger(query.days) && query.days >= 1)) {
    return fail('invalid_period', 'days must be a whole number of days, at least 1.');
  }
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -((query.days ?? DEFAULT_DAYS) - 1));
  if (to > today) return fail('invalid_period', `The period cannot end after today (${today}).`);
  if (from > to) return fail('invalid_period', 'The period must start on or before its end.');
  if (daysBetween(from, to) > MAX_DAYS) {
    return fail('invalid_period', `The period can be at most ${MAX_DAYS} days long.`);
  }
  return ok({ from, to });
}

/**
 * The shop day of each UTC hour bucket of `days` ("2026-03-14T03" is still 03/13 in New York), or
 * undefined outside them: found among the days' first instants, so the time zone is asked twice a day
 * (shopDayStart) rather than once an hour (Intl's formatToParts costs about 20 µs, and a year's
 * period has up to 8,784 hours of sales, and as many again in the year before).
 */
function dayOfHourIn(days: readonly string[]): (hour: string) => string | undefined {
  const starts = days.map((day) => shopDayStart(day));
  const end = days.length > 0 ? shopDayStart(addDays(days.at(-1)!, 1)) : '';
  return (hour) => {
    const at = `${hour}:00:00.000Z`;
    if (at >= end) return undefined;
    // The last day that has begun by then.
    let low = 0;
    let high = starts.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (starts[middle]! <= at) {
        found = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    return found < 0 ? undefined : days[found];
  };
}

/** Each day of `from`..`to` with its figures, from the hourly rows. */
function salesPeriod(
  from: string,
  to: string,
  sales: Array<{ hour: string; orders: number; sales: number }>,
  refunds: Array<{ hour: string; refunds: number }>,
): SalesPeriod {
  const period = daysOf(from, to);
  const dayOfHour = dayOfHourIn(period);
  const byDay = new Map(period.map((day) => [day, { sales: 0, orders: 0, refunds: 0 }]));
  const dayOf = (hour: string) => {
    const day = dayOfHour(hour);
    return day === undefined ? undefined : byDay.get(day);
  };
  for (const row of sales) {
    const day = dayOf(row.hour);
    if (!day) continue;
    day.sales += row.sales;
    day.orders += row.orders;
  }
  for (const row of refunds) {
    const day = dayOf(row.hour);
    if (day) day.refunds += row.refunds;
  }
  const days = [...byDay].map(([day, f]) => ({
    day,
    ...f,
    averageOrderValue: averageOrderValue(f.sales, f.orders),
  }));
  const sum = (key: 'sales' | 'orders' | 'refunds') => days.reduce((n, d) => n + d[key], 0);
  const totals = { sales: sum('sales'), orders: sum('orders'), refunds: sum('refunds') };
  return {
    from,
    to,
    days,
    totals: { ...totals, averageOrderValue: averageOrderValue(totals.sales, totals.orders) },
  };
}

/** The sales of the period and of the one before it (same length), from one range of hours each. */
async function sales(db: Db, from: string, to: string): Promise<Dashboard['sales']> {
  const length = daysBetween(from, to);
  const before = { from: addDays(from, -length), to: addDays(from, -1) };
  const periods = [before, { from, to }] as const;
  const [previous, period] = await Promise.all(
    periods.map(async (p) => {
      const start = shopDayStart(p.from);
      const end = shopDayStart(addDays(p.to, 1));
      const [orderRows, refundRows] = await Promise.all([
        repo.salesByHour(db, start, end),
        repo.refundsByHour(db, start, end),
      ]);
      return salesPeriod(p.from, p.to, orderRows, refundRows);
    }),
  );
  return {
    period: period!,
    previous: previous!,
    change: {
      sales: percentChange(period!.totals.sales, previous!.totals.sales),
      orders: percentChange(period!.totals.orders, previous!.totals.orders),
      averageOrderValue: percentChange(
        period!.totals.averageOrderValue,
        previous!.totals.averageOrderValue,
      ),
    },
  };
}

const HOUR = 3_600_000;

async function needsAttention(
  db: Db,
  today: string,
  now: Date,
): Promise<Dashboard['needsAttention']> {
  const [toShip, emails, returns, requests, sizes, findings, alerts] = await Promise.all([
    repo.ordersToShip(db, TO_SHIP_STATUSES),
    repo.failedEmails(db),
    repo.openReturns(db, FINAL_RETURN_STATUSES),
    repo.dataRequestsDue(db, CLOSED_DATA_REQUEST_STATUSES, addDays(today, DUE_SOON_DAYS), today),
    repo.sizesOutOfStock(db),
    openFindings(db, repo.FIRST_FEW),
    openAlerts(db, repo.FIRST_FEW),
  ]);
  const sizeOrder = (size: string) => {
    const i = (SIZE_CODES as readonly string[]).indexOf(size);
    return i < 0 ? SIZE_CODES.length : i;
  };
  const pending = toShip.counts.pending ?? 0;
  const inProgress = toShip.counts['in-progress'] ?? 0;
  return {
    toShip: {
      count: pending + inProgress,
      pending,
      inProgress,
      items: toShip.oldest.map((o) => ({
        orderNumber: o.order_number,
        status: o.status,
        createdAt: o.created_at,
        ageHours: Math.max(0, Math.floor((now.getTime() - Date.parse(o.created_at)) / HOUR)),
        total: o.total,
        name: o.shipping_name,
      })),
    },
    failedEmails: {
      count: emails.count,
      items: emails.oldest.map((e) => ({
        id: e.id,
        kind: e.kind,
        to: e.to_address,
        subject: e.subject,
        createdAt: e.created_at,
        lastError: e.last_error,
      })),
    },
    openReturns: {
      count: returns.count,
      items: returns.oldest.map((r) => ({
        id: r.id,
        publicId: r.public_id,
        orderNumber: r.order_number,
        status: r.status,
        createdAt: r.created_at,
        refundAmount: r.refund_amount,
      })),
    },
    dataRequests: {
      count: requests.count,
      overdue: requests.overdue,
      items: requests.first.map((r) => ({
        id: r.id,
        email: r.email,
        status: r.status,
        dueBy: r.due_by,
        daysLeft: daysBetween(today, r.due_by) - 1,
      })),
    },
    paymentsToCheck: {
      count: findings.count,
      items: findings.oldest.map((f) => ({
        id: f.id,
        kind: f.kind,
        orderNumber: f.order_number,
        paymentIntentId: f.payment_intent_id,
        detail: f.detail,
        createdAt: f.created_at,
      })),
    },
    paymentPage: {
      count: alerts.count,
      items: alerts.oldest.map((a) => ({
        id: a.id,
        kind: a.kind,
        subject: a.subject,
        detail: a.detail,
        createdAt: a.created_at,
      })),
    },
    outOfStock: {
      count: sizes.length,
      items: sizes
        .map((s) => ({
          productId: s.product_id,
          productName: s.product_name,
          size: s.size,
          stock: s.stock,
          outOfStock: s.out_of_stock === 1,
        }))
        .sort(
          (a, b) =>
            a.productName.localeCompare(b.productName) || sizeOrder(a.size) - sizeOrder(b.size),
        )
        .slice(0, repo.FIRST_FEW),
    },
  };
}

/** The home's figures for the period asked for (default: the last 30 days), as of `now`. */
export async function getDashboard(
  db: Db,
  query: PeriodQuery,
  now: Date = new Date(),
): Promise<Result<Dashboard, DashboardFailure>> {
  const today = shopDay(now);
  const period = resolvePeriod(query, today);
  if (!period.ok) return period;
  const [attention, figures] = await Promise.all([
    needsAttention(db, today, now),
    sales(db, period.value.from, period.value.to),
  ]);
  return ok({
    today,
    timeZone: SHOP_TIME_ZONE,
    needsAttention: attention,
    sales: figures,
  });
}
