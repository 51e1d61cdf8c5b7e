import { describe, expect, it } from 'vitest';
import { addressLines, cardEnding, shippingAmount } from './order-format.ts';

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
