/**
 * The shop's calendar (SHOP_TIME_ZONE, America/New_York: the shop is in Charlotte, NC). A day is an ISO
 * date (YYYY-MM-DD) and runs from its midnight there to the next, 23, 24 or 25 hours long (the clocks
 * change at 2 a.m., so midnight exists every day and every UTC hour falls within one shop day). Orders
 * store UTC instants; the console's date filters, the dashboard's days and a data request's 45 days
 * (support.ts) all count on this calendar.
 */
import { SHOP_TIME_ZONE } from './dates.ts';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The shop's wall clock at `instant`. */
function wallClockAt(instant: number) {
  return Object.fromEntries(
    wallClock.formatToParts(new Date(instant)).map((p) => [p.type, Number(p.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

const isoOf = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);

/** How far the shop's wall clock is ahead of UTC at `instant`, in milliseconds (negative: behind). */
function shopOffsetMs(instant: number): number {
  const f = wallClockAt(instant);
  const asUtc = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** Whether `value` is a real calendar date written YYYY-MM-DD (not 2026-02-30). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  return isoOf(Number(m[1]), Number(m[2]), Number(m[3])) === value;
}

/** The shop's calendar day of a moment. */
export function shopDay(at: Date): string {
  const f = wallClockAt(at.getTime());
  return isoOf(f.year, f.month, f.day);
}

/** `isoDate` moved by `days` calendar days (negative to go back). */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return isoOf(y!, m!, d! + days);
}

/** The calendar date after `isoDate`. */
export function nextIsoDate(isoDate: string): string {
  return addDays(isoDate, 1);
}

/** Calendar days from `from` to `to`, both counted (1 for the same day). */
export function daysBetween(from: string, to: string): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.round(ms / 86_400_000) + 1;
}

/** The days from `from` to `to`, both included, in order. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) out.push(day);
  return out;
}

/**
 * The instant (ISO, UTC) the shop's calendar day `isoDate` (YYYY-MM-DD) begins: its midnight in
 * Charlotte.
 */
export function shopDayStart(isoDate: string): string {
  if (!isIsoDate(isoDate)) throw new RangeError(`Not a calendar date: ${isoDate}`);
  const midnightUtc = Date.parse(`${isoDate}T00:00:00Z`);
  // The offset at that wall time; asked again at the result, in case a change lies between.
  let instant = midnightUtc - shopOffsetMs(midnightUtc);
  instant = midnightUtc - shopOffsetMs(instant);
  return new Date(instant).toISOString();
}

/**
 * The instants of the shop days `from` through `to` (both included, either may be absent):
 * `start <= instant < end`.
 */
export function shopDaysRange(
  from: string | undefined,
  to: string | undefined,
): { start?: string; end?: string } {
  return {
    ...(from ? { start: shopDayStart(from) } : {}),
    ...(to ? { end: shopDayStart(nextIsoDate(to)) } : {}),
  };
}
