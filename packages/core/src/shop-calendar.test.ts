import { describe, expect, it } from 'vitest';
import { isIsoDate, nextIsoDate, shopDayStart, shopDaysRange } from './shop-calendar.ts';

describe("the shop's calendar days as instants (Charlotte, America/New_York)", () => {
  it.each([
    // date, its midnight in Charlotte as UTC
    ['2026-01-15', '2026-01-15T05:00:00.000Z'], // EST, UTC-5
    ['2026-07-04', '2026-07-04T04:00:00.000Z'], // EDT, UTC-4
    ['2026-03-08', '2026-03-08T05:00:00.000Z'], // clocks go forward at 2 a.m. that day: midnight is EST
    ['2026-03-09', '2026-03-09T04:00:00.000Z'],
    ['2026-11-01', '2026-11-01T04:00:00.000Z'], // clocks go back at 2 a.m. that day: midnight is EDT
    ['2026-11-02', '2026-11-02T05:00:00.000Z'],
    ['2024-02-29', '2024-02-29T05:00:00.000Z'],
    ['2026-12-31', '2026-12-31T05:00:00.000Z'],
  ])('%s starts at %s', (date, instant) => {
    expect(shopDayStart(date)).toBe(instant);
  });

  it('a day is 23 hours when the clocks go forward and 25 when they go back', () => {
    const hours = (date: string) =>
      (Date.parse(shopDayStart(nextIsoDate(date))) - Date.parse(shopDayStart(date))) / 3_600_000;
    expect(hours('2026-03-08')).toBe(23);
    expect(hours('2026-11-01')).toBe(25);
    expect(hours('2026-06-01')).toBe(24);
  });

  it.each(['2026-02-30', '2026-13-01', '26-01-01', '2026-1-1', '', 'today'])(
    'refuses %j',
    (value) => {
      expect(isIsoDate(value)).toBe(false);
      expect(() => shopDayStart(value)).toThrow(RangeError);
    },
  );

  it('a range is the first day’s midnight to the midnight after the last day', () => {
    expect(shopDaysRange('2026-06-01', '2026-06-01')).toEqual({
      start: '2026-06-01T04:00:00.000Z',
      end: '2026-06-02T04:00:00.000Z',
    });
    expect(shopDaysRange(undefined, '2026-12-31')).toEqual({ end: '2027-01-01T05:00:00.000Z' });
    expect(shopDaysRange('2026-12-31', undefined)).toEqual({ start: '2026-12-31T05:00:00.000Z' });
    expect(shopDaysRange(undefined, undefined)).toEqual({});
  });
});
