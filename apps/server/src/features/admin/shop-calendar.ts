/**
 * The shop's calendar days (America/New_York, core's SHOP_TIME_ZONE: the shop is in Charlotte, NC), as
 * the dashboard counts them: a day is an ISO date (YYYY-MM-DD), and its moments are those from its
 * midnight in New York to the next. The data requests' 45 days count on the same calendar
 * (core/support.ts). New York's offsets are whole hours and change at 2 a.m., so every UTC hour falls
 * within one shop day, and a shop day is 23, 24 or 25 UTC hours.
 */
import { SHOP_TIME_ZONE } from '@sunward/core/dates';

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

const fieldsOf = (at: Date) =>
  Object.fromEntries(parts.formatToParts(at).map((p) => [p.type, Number(p.value)])) as Record<
    'year' | 'month' | 'day' | 'hour' | 'minute' | 'second',
    number
  >;

const iso = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);

/** The shop's calendar day of a moment. */
export function shopDay(at: Date): string {
  const f = fieldsOf(at);
  return iso(f.year, f.month, f.day);
}

/** Whether a string is a real calendar day (YYYY-MM-DD; not 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  return iso(y!, m!, d!) === value;
}

/** `day` moved by `days` calendar days (negative to go back). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return iso(y!, m!, d! + days);
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

/** New York's offset from UTC at a moment, in milliseconds (-4 or -5 hours). */
function offsetAt(at: number): number {
  const f = fieldsOf(new Date(at));
  return (
    Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second) - Math.floor(at / 1000) * 1000
  );
}

/** The moment the shop's day begins (its midnight in New York), as an ISO string in UTC. */
export function shopDayStart(day: string): string {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  // Midnight in New York is midnight UTC minus the offset in force then; the offset read at the first
  // guess is right unless a change lies between, which a second look corrects.
  let at = midnightUtc - offsetAt(midnightUtc);
  at = midnightUtc - offsetAt(at);
  return new Date(at).toISOString();
}
