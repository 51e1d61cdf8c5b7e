import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES } from '@sunward/core/card';
import { cardFieldError, EMPTY_CARD, formatExpiry } from './card-fields.ts';

const NOW = new Date('2026-11-26T12:00:00Z');
const expiryError = (typed: string) =>
  cardFieldError('expiry', { ...EMPTY_CARD, expiry: formatExpiry(typed) }, NOW);

describe('cardFieldError: expiry as typed', () => {
  it.each([
    ['', CARD_MESSAGES.incompleteExpiry],
    ['1', CARD_MESSAGES.incompleteExpiry],
    ['12', CARD_MESSAGES.incompleteExpiry],
    ['123', CARD_MESSAGES.incompleteExpiry],
    ['1320', CARD_MESSAGES.invalidExpiryMonth], // '13 / 20': a wrong month, not an unfinished date
    ['0030', CARD_MESSAGES.invalidExpiryMonth],
    ['1025', CARD_MESSAGES.pastExpiry],
    ['1126', null],
    ['1234', null],
  ])('%s -> %s', (typed, message) => expect(expiryError(typed)).toBe(message));
});
