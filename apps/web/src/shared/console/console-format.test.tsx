import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  DateTime,
  Money,
  formatCalendarDay,
  formatConsoleDate,
  formatConsoleDateTime,
} from './console-format.tsx';

describe('operator dates', () => {
  it.each([
    // The shop's calendar (America/New_York): 03:30 UTC on the 15th is still the 14th there.
    ['2026-03-15T03:30:00.000Z', '03/14/2026'],
    ['2026-07-04T16:00:00.000Z', '07/04/2026'],
  ])('%s is %s', (iso, date) => {
    expect(formatConsoleDate(iso)).toBe(date);
  });

  it('times carry the zone (summer and winter)', () => {
    expect(formatConsoleDateTime('2026-07-04T16:05:00.000Z')).toBe('07/04/2026 12:05 PM EDT');
    expect(formatConsoleDateTime('2026-01-10T15:00:00.000Z')).toBe('01/10/2026 10:00 AM EST');
  });

  it('a calendar day from the server is written as MM/DD/YYYY without moving it', () => {
    expect(formatCalendarDay('2026-03-01')).toBe('03/01/2026');
  });

  it('not a date: nothing rather than "Invalid Date"', () => {
    expect(formatConsoleDate('soon')).toBe('');
    expect(formatConsoleDateTime('soon')).toBe('');
  });

  it('<DateTime> is a <time> with the ISO value', () => {
    render(<DateTime value="2026-07-04T16:05:00.000Z" />);
    const time = screen.getByText('07/04/2026 12:05 PM EDT');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe('2026-07-04T16:05:00.000Z');
  });
});

describe('<Money>', () => {
  it.each([
    [0, '$0.00'],
    [4500, '$45.00'],
    [123456, '$1,234.56'],
    [-250, '-$2.50'],
  ])('%i cents is %s', (cents, text) => {
    render(<Money cents={cents} />);
    expect(screen.getByText(text)).toBeTruthy();
  });
});
