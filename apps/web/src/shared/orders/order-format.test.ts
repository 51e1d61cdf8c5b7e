import { trackingUrl } from '@sunward/core/carriers';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@sunward/core/order-status';
import {
  addressLines,
  cardEnding,
  paymentMethod,
  orderDate,
  shippingAmount,
  statusLabel,
  trackPackageUrl,
} from './order-format.ts';

const address = {
  line1: '600 E Trade St',
  line2: '',
  city: 'Charlotte',
  state: 'NC',
  postal_code: '28202',
};

describe('how an order is written (spec 2)', () => {
  it('puts an address on two lines, line 2 after line 1', () => {
    expect(addressLines(address)).toEqual(['600 E Trade St', 'Charlotte, NC 28202']);
    expect(addressLines({ ...address, line2: 'Apt 2' })).toEqual([
      '600 E Trade St, Apt 2',
      'Charlotte, NC 28202',
    ]);
  });

  it.each([
    [{ brand: 'visa', last4: '4242' }, 'Visa ending in 4242'],
    [{ brand: 'mastercard', last4: '4444' }, 'Mastercard ending in 4444'],
    [{ brand: 'amex', last4: '0005' }, 'American Express ending in 0005'],
    [{ brand: null, last4: '1111' }, 'Card ending in 1111'],
    [{ brand: 'visa', last4: null }, 'Visa ending in ····'],
  ])('names the card %j as %j', (card, text) => expect(cardEnding(card)).toBe(text));

  it.each([
    [0, 'Free'],
    [770, '$7.70'],
  ])('shows shipping of %i cents as %j', (cents, text) => expect(shippingAmount(cents)).toBe(text));
});

describe('order status, dates and tracking (spec 2 and 5)', () => {
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
    expect(trackingUrl(null, '94001 & 2')).toBe(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=94001%20%26%202',
    ));

  it.each([
    ['shipped', '9400 111', trackingUrl(null, '9400 111')],
    ['shipped', '  ', null],
    ['shipped', null, null],
    ['completed', '9400111', null],
    ['in-progress', '9400111', null],
  ])('Track Package for %s with tracking %j: %j', (status, tracking, url) =>
    expect(trackPackageUrl({ status, tracking, carrier: null })).toBe(url),
  );

  it('opens the carrier the order shipped with', () =>
    expect(trackPackageUrl({ status: 'shipped', tracking: '1Z999AA1', carrier: 'ups' })).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA1',
    ));
});

describe('paymentMethod', () => {
  const card = { brand: 'visa', last4: '4242' };
  it('names the card an order was paid with', () => {
    expect(paymentMethod({ total: 5491, billing: { card } as never })).toBe('Visa ending in 4242');
  });
  it('says no charge for an order nobody paid for (an exchange’s replacement)', () => {
    const none = { brand: null, last4: null };
    expect(paymentMethod({ total: 0, billing: { card: none } as never })).toBe(
      'No charge (a replacement order)',
    );
    // A card with no digits on a paid order is still a card.
    expect(paymentMethod({ total: 100, billing: { card: none } as never })).toBe(
      'Card ending in ····',
    );
  });
});
