import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, daysOf, isIsoDate, shopDay, shopDayStart } from './shop-calendar.ts';

describe("the shop's calendar (America/New_York)", () => {
  it.each([
    // Winter (EST, UTC-5) and summer (EDT, UTC-4).
    ['2026-01-15', '2026-01-15T05:00:00.000Z'],
    ['2026-07-04', '2026-07-04T04:00:00.000Z'],
    // The days the clocks change: 8 March 2026 (spring forward) and 1 November 2026 (fall back) begin
    // at the midnight before the change.
    ['2026-03-08', '2026-03-08T05:00:00.000Z'],
    ['2026-03-09', '2026-03-09T04:00:00.000Z'],
    ['2026-11-01', '2026-11-01T04:00:00.000Z'],
    ['2026-11-02', '2026-11-02T05:00:00.000Z'],
  ])('%s begins at %s', (day, start) => {
    expect(shopDayStart(day)).toBe(start);
  });

  it.each([
    ['2026-03-15T03:59:59.999Z', '2026-03-14'],
    ['2026-03-15T04:00:00.000Z', '2026-03-15'],
    ['2026-01-01T04:59:59.000Z', '2025-12-31'],
    ['2026-01-01T05:00:00.000Z', '2026-01-01'],
  ])('%s is on the shop day %s', (at, day) => {
    expect(shopDay(new Date(at))).toBe(day);
  });

  it('the day the clocks spring forward has 23 hours, the day they fall back 25', () => {
    const hours = (day: string) =>
      (Date.parse(shopDayStart(addDays(day, 1))) - Date.parse(shopDayStart(day))) / 3_600_000;
    expect(hours('2026-03-08')).toBe(23);
    expect(hours('2026-11-01')).toBe(25);
    expect(hours('2026-06-01')).toBe(24);
  });

  it('days: moved, counted and listed across months and a leap day', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-03-01', '2026-03-01')).toBe(1);
    expect(daysBetween('2026-01-01', '2026-12-31')).toBe(365);
    expect(daysOf('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });

  it.each([
    ['2026-02-28', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-3-1', false],
    ['yesterday', false],
  ])('%s is a calendar day: %s', (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });
});
