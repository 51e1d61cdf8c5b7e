import { describe, expect, it } from 'vitest';
import { formatLocalDate } from './dates.ts';

describe('formatLocalDate (MM/DD/YYYY in the viewer’s time zone)', () => {
  it.each([
    // Built from local parts, so each case holds in any time zone the tests run in.
    [new Date(2025, 2, 7, 0, 5), '03/07/2025'],
    [new Date(2025, 11, 31, 23, 55), '12/31/2025'],
    [new Date(2026, 0, 1, 0, 0), '01/01/2026'],
  ])('%s -> %s', (date, text) => {
    expect(formatLocalDate(date)).toBe(text);
    expect(formatLocalDate(date.toISOString())).toBe(text);
  });

  it('is empty for an unreadable date', () => expect(formatLocalDate('not a date')).toBe(''));
});
