import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@sunward/core/order-status';
import { orderDate, statusLabel, trackingUrl } from './order-format.ts';

describe('order history formatting (spec 2 and 5)', () => {
  it.each(ORDER_STATUSES.map((s) => [s, s.replaceAll('-', ' ')]))('status %s -> %s', (s, text) =>
    expect(statusLabel(s)).toBe(text),
  );
  it('shows in-progress as in progress', () =>
    expect(statusLabel('in-progress')).toBe('in progress'));

  it.each([
    [new Date(2026, 0, 5, 0, 1), '01/05/2026'],
    [new Date(2025, 11, 31, 23, 59), '12/31/2025'],
  ])('date %s -> %s (the shopper’s calendar)', (date, text) =>
    expect(orderDate(date.toISOString())).toBe(text),
  );

  it('builds the USPS tracking link with the number encoded', () =>
    expect(trackingUrl('94001 & 2')).toBe(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=94001%20%26%202',
    ));
});
