/**
 * The shop's calendar days as instants: a day is midnight to midnight in Charlotte (SHOP_TIME_ZONE),
 * 23, 24 or 25 hours long. The console's date filters ("orders from March 1 to March 3") are shop days,
 * and orders store UTC instants, so a filter becomes a half-open range of instants.
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

/** How far the shop's wall clock is ahead of UTC at `instant`, in milliseconds (negative: behind). */
function shopOffsetMs(instant: number): number {
  const parts = Object.fromEntries(
    wallClock.formatToParts(new Date(instant)).map((p) => [p.type, Number(p.value)]),
  );
  const asUtc = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** Whether `value` is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === value;
}

/**
 * The instant (ISO, UTC) the shop's calendar day `isoDate` (YYYY-MM-DD) begins: its midnight in
 * Charlotte. Midnight exists every day there (the clocks change at 2 a.m.).
 */
export function shopDayStart(isoDate: string): string {
  if (!isIsoDate(isoDate)) throw new RangeError(`Not a calendar date: ${isoDate}`);
  const [y, m, d] = isoDate.split('-').map(Number);
  const midnightUtc = Date.UTC(y!, m! - 1, d!);
  // The offset at that wall time; asked again at the result, in case a change lies between.
  let instant = midnightUtc - shopOffsetMs(midnightUtc);
  instant = midnightUtc - shopOffsetMs(instant);
  return new Date(instant).toISOString();
}

/** The calendar date after `isoDate`. */
export function nextIsoDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + 1)).toISOString().slice(0, 10);
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
