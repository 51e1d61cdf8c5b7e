import { describe, expect, it } from 'vitest';
import {
  CARD_MESSAGES,
  cardBrand,
  cardBrandLabel,
  luhnValid,
  testCardOutcome,
  validateCard,
} from './card.ts';

const NOW = new Date('2026-11-15T12:00:00Z');
const card = (over: Partial<Parameters<typeof validateCard>[0]> = {}) => ({
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...over,
});

describe('luhnValid and cardBrand', () => {
  it.each([
    ['4242424242424242', true],
    ['4242424242424241', false],
    ['378282246310005', true],
    ['0', true],
  ])('luhn %s -> %s', (n, ok) => expect(luhnValid(n)).toBe(ok));

  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3566002020360505', null], // JCB: not accepted (spec 9 lists four brands)
  ])('%s -> %s', (n, brand) => expect(cardBrand(n)).toBe(brand));
});

describe('validateCard (Stripe wording)', () => {
  it.each([
    [card(), null],
    [card({ number: '4242' }), CARD_MESSAGES.incompleteNumber],
    [card({ number: '4242424242424241' }), CARD_MESSAGES.invalidNumber],
    [card({ number: '3566002020360505' }), CARD_MESSAGES.unsupportedBrand],
    [card({ expMonth: 10, expYear: 2026 }), CARD_MESSAGES.pastExpiry], // October 2026 < November
    [card({ expMonth: 11, expYear: 2026 }), null], // the current month is still valid
    [card({ expMonth: 1, expYear: 27 }), null], // two-digit year 27 -> 2027
    [card({ expMonth: 13 }), CARD_MESSAGES.invalidExpiryMonth], // '13 / 20' is not unfinished
    [card({ expMonth: 13, expYear: 20 }), CARD_MESSAGES.invalidExpiryMonth],
    [card({ expMonth: 0 }), CARD_MESSAGES.invalidExpiryMonth], // '00'
    [card({ expMonth: 12.5 }), CARD_MESSAGES.incompleteExpiry],
    [card({ cvc: '12' }), CARD_MESSAGES.incompleteCvc],
    [card({ number: '378282246310005', cvc: '123' }), CARD_MESSAGES.incompleteCvc], // Amex: 4
    [card({ number: '378282246310005', cvc: '1234' }), null],
  ])('%j -> %s', (input, message) =>
    expect(validateCard(input, NOW)?.message ?? null).toBe(message),
  );
});

describe('testCardOutcome', () => {
  it('follows Stripe test numbers', () => {
    expect(testCardOutcome('4242 4242 4242 4242').kind).toBe('succeeded');
    expect(testCardOutcome('4000000000000002')).toMatchObject({
      message: 'Your card was declined.',
    });
    expect(testCardOutcome('4000000000009995')).toMatchObject({
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    expect(testCardOutcome('4000002500003155').kind).toBe('requires_action');
    expect(testCardOutcome('4111111111111111')).toMatchObject({ code: 'card_declined' });
  });
});

describe('cardBrandLabel', () => {
  it.each([
    ['visa', 'Visa'],
    ['mastercard', 'Mastercard'],
    ['amex', 'American Express'],
    ['discover', 'Discover'],
    ['jcb', 'Jcb'],
    ['constructor', 'Constructor'],
  ])('%s -> %s', (brand, label) => expect(cardBrandLabel(brand)).toBe(label));
});
