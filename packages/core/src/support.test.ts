import { describe, expect, it } from 'vitest';
import {
  DataRequestSchema,
  SupportRequestSchema,
  dataRequestDueBy,
  longDate,
  shopDatePlusDays,
  shopDaysUntil,
} from './support.ts';

describe('the data request deadline (CCPA, 45 calendar days)', () => {
  it.each([
    // received (UTC), the shop's date (New York), due
    ['2026-05-01T15:00:00Z', '2026-06-15'],
    // 03:00 UTC on May 1 is still April 30 in Charlotte.
    ['2026-05-01T03:00:00Z', '2026-06-14'],
    // Across a year end and a leap day.
    ['2026-12-20T17:00:00Z', '2027-02-03'],
    ['2028-01-20T17:00:00Z', '2028-03-05'],
    // Daylight saving time ends on November 1, 2026: still 45 calendar days.
    ['2026-10-20T16:00:00Z', '2026-12-04'],
  ])('received %s: due %s', (received, due) => {
    expect(dataRequestDueBy(new Date(received))).toBe(due);
  });

  it('counts days on the calendar', () => {
    expect(shopDatePlusDays(new Date('2026-02-28T12:00:00Z'), 1)).toBe('2026-03-01');
    expect(shopDatePlusDays(new Date('2026-02-28T12:00:00Z'), 0)).toBe('2026-02-28');
  });

  it.each([
    // due, now (UTC), days left on the shop's calendar
    ['2026-06-15', '2026-05-01T15:00:00Z', 45],
    ['2026-06-15', '2026-06-14T12:00:00Z', 1],
    ['2026-06-15', '2026-06-15T03:59:00Z', 1], // 23:59 on June 14 in Charlotte
    ['2026-06-15', '2026-06-16T03:00:00Z', 0], // 23:00 on June 15 in Charlotte: due today
    ['2026-06-15', '2026-06-16T05:00:00Z', -1], // 01:00 on June 16 in Charlotte: a day overdue
    ['2026-06-15', '2026-07-15T16:00:00Z', -30],
    // Across the end of daylight saving time (November 1, 2026).
    ['2026-11-03', '2026-10-31T16:00:00Z', 3],
  ])('due %s, at %s: %i days left', (due, now, days) => {
    expect(shopDaysUntil(due, new Date(now))).toBe(days);
  });

  it('writes the date out for emails', () => {
    expect(longDate('2026-06-14')).toBe('June 14, 2026');
    expect(longDate('2027-01-01')).toBe('January 1, 2027');
  });
});

describe('request schemas (spec 3)', () => {
  it('takes a support request with or without an email', () => {
    expect(SupportRequestSchema.parse({ orderNumber: ' AB12 ', message: ' Hi ' })).toEqual({
      orderNumber: 'AB12',
      message: 'Hi',
    });
    expect(
      SupportRequestSchema.safeParse({ email: 'pat@example.com', message: 'x'.repeat(5000) })
        .success,
    ).toBe(true);
  });

  it.each([
    ['an empty message', { message: '   ' }],
    ['a message over 5000 characters', { message: 'x'.repeat(5001) }],
    ['a bad email', { email: 'pat@', message: 'Hi' }],
    ['no message', { orderNumber: 'AB12' }],
  ])('refuses a support request with %s', (_what, body) => {
    expect(SupportRequestSchema.safeParse(body).success).toBe(false);
  });

  it('needs the email of a data request', () => {
    expect(DataRequestSchema.safeParse({ message: 'Delete my data' }).success).toBe(false);
    expect(
      DataRequestSchema.safeParse({ email: 'pat@example.com', message: 'Delete my data' }).success,
    ).toBe(true);
  });
});
