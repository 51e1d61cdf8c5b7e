import { describe, expect, it } from 'vitest';
import { averageOrderValue, percentChange, resolvePeriod } from './dashboard.service.ts';

describe('the average order value: whole cents, half up', () => {
  it.each([
    [0, 0, null],
    [5000, 1, 5000],
    [9001, 2, 4501],
    [9003, 2, 4502],
    [20002, 6, 3334],
    [10, 3, 3],
    [11, 3, 4],
  ])('%i cents over %i orders is %s', (sales, orders, expected) => {
    expect(averageOrderValue(sales, orders)).toBe(expected);
  });
});

describe('the change in percent, to one decimal', () => {
  it.each([
    [20002, 10000, 100],
    [3334, 5000, -33.3],
    [6, 2, 200],
    [1, 3, -66.7],
    [2, 3, -33.3],
    [10005, 10000, 0.1],
    // Half a tenth is rounded away from zero, either way.
    [2001, 2000, 0.1],
    [1999, 2000, -0.1],
    [100005, 100000, 0],
    [0, 100, -100],
    [5, 0, null],
    [null, 100, null],
    [100, null, null],
  ])('%s against %s is %s', (now, before, expected) => {
    expect(percentChange(now, before)).toBe(expected);
  });
});

describe('the period', () => {
  const today = '2026-11-25';
  it.each([
    [{}, { from: '2026-10-27', to: '2026-11-25' }],
    [{ to: '2026-03-10' }, { from: '2026-02-09', to: '2026-03-10' }],
    [{ from: '2026-11-01' }, { from: '2026-11-01', to: '2026-11-25' }],
    [{ days: 7 }, { from: '2026-11-19', to: '2026-11-25' }],
    [{ days: 1 }, { from: '2026-11-25', to: '2026-11-25' }],
    [
      { days: 90, to: '2026-03-31' },
      { from: '2026-01-01', to: '2026-03-31' },
    ],
    [
      { from: '2026-11-25', to: '2026-11-25' },
      { from: '2026-11-25', to: '2026-11-25' },
    ],
  ])('%j is %j', (query, expected) => {
    expect(resolvePeriod(query, today)).toEqual({ ok: true, value: expected });
  });

  it.each([
    [{ days: 7, from: '2026-11-01' }, 'Give either days or from, not both.'],
    [{ days: 0 }, 'days must be a whole number of days, at least 1.'],
    [{ days: 367 }, 'The period can be at most 366 days long.'],
  ])('%j is refused: %s', (query, message) => {
    expect(resolvePeriod(query, today)).toEqual({ ok: false, code: 'invalid_period', message });
  });

  it('a from after the default end is refused, not turned around', () => {
    expect(resolvePeriod({ from: '2026-11-26' }, today)).toMatchObject({
      ok: false,
      code: 'invalid_period',
    });
  });
});
