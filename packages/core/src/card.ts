/**
 * Card checks the sandbox processor shares with the storefront's card form: Luhn, brand, expiry, CVC,
 * with Stripe's wording, and the outcome of Stripe's published test card numbers.
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover';

export const CARD_BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/**
 * A card brand as the shop names it ("visa" -> "Visa", "amex" -> "American Express"); a brand the
 * card form does not know (Stripe's "jcb", "unionpay") with its first letter raised.
 */
export function cardBrandLabel(brand: string): string {
  return Object.hasOwn(CARD_BRAND_LABELS, brand)
    ? CARD_BRAND_LABELS[brand as CardBrand]
    : brand.charAt(0).toUpperCase() + brand.slice(1);
}

export const CARD_MESSAGES = {
  incompleteNumber: 'Your card number is incomplete.',
  invalidNumber: 'Your card number is invalid.',
  unsupportedBrand:
    'Your card is not supported. We accept Visa, Mastercard, American Express and Discover.',
  incompleteExpiry: "Your card's expiration date is incomplete.",
  pastExpiry: "Your card's expiration date is in the past.",
  invalidExpiryMonth: "Your card's expiration month is invalid.",
  invalidExpiryYear: "Your card's expiration year is invalid.",
  incompleteCvc: "Your card's security code is incomplete.",
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expiredCard: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  processingError: 'An error occurred while processing your card. Try again in a little bit.',
  liveCardInTestMode:
    'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const;

export function digitsOnly(input: string): string {
  return input.replace(/[\s-]/g, '');
}

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand | null {
  const two = Number(digits.slice(0, 2));
  const three = Number(digits.slice(0, 3));
  const four = Number(digits.slice(0, 4));
  if (digits.startsWith('4')) return 'visa';
  if (two === 34 || two === 37) return 'amex';
  if ((two >= 51 && two <= 55) || (digits.length >= 4 && four >= 2221 && four <= 2720))
    return 'mastercard';
  if (four === 6011 || two === 65 || (three >= 644 && three <= 649)) return 'discover';
  return null;
}

export function cardNumberLength(brand: CardBrand): number {
  return brand === 'amex' ? 15 : 16;
}

export interface CardInput {
  number: string;
  expMonth: number;
  /** Four digits, or two (taken as 20YY). */
  expYear: number;
  cvc: string;
}

export type CardField = 'number' | 'expiry' | 'cvc';

export interface CardProblem {
  field: CardField;
  code: string;
  message: string;
}

/** Checks the form fields; null when the card may be sent for authorisation. */
export function validateCard(card: CardInput, now: Date = new Date()): CardProblem | null {
  const digits = digitsOnly(card.number);
  const brand = cardBrand(digits);
  if (!/^\d*$/.test(digits)) {
    return { field: 'number', code: 'invalid_number', message: CARD_MESSAGES.invalidNumber };
  }
  if (digits.length < (brand ? cardNumberLength(brand) : 15)) {
    return { field: 'number', code: 'incomplete_number', message: CARD_MESSAGES.incompleteNumber };
  }
  if (!luhnValid(digits) || digits.length > 19) {
    return { field: 'number', code: 'invalid_number', message: CARD_MESSAGES.invalidNumber };
  }
  if (!brand) {
    return { field: 'number', code: 'card_not_supported', message: CARD_MESSAGES.unsupportedBrand };
  }
  if (!Number.isInteger(card.expMonth)) {
    return { field: 'expiry', code: 'incomplete_expiry', message: CARD_MESSAGES.incompleteExpiry };
  }
  // A month of 13 or 00 is typed in full, so it is wrong rather than unfinished (Stripe's wording).
  if (card.expMonth < 1 || card.expMonth > 12) {
    return {
      field: 'expiry',
      code: 'invalid_expiry_month',
      message: CARD_MESSAGES.invalidExpiryMonth,
    };
  }
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const nowYear = now.getUTCFullYear();
  const nowMonth = now.getUTCMonth() + 1;
  if (!Number.isInteger(year) || year < 2000) {
    return { field: 'expiry', code: 'incomplete_expiry', message: CARD_MESSAGES.incompleteExpiry };
  }
  if (year < nowYear || (year === nowYear && card.expMonth < nowMonth)) {
    return { field: 'expiry', code: 'invalid_expiry_year_past', message: CARD_MESSAGES.pastExpiry };
  }
  if (year > nowYear + 50) {
    return {
      field: 'expiry',
      code: 'invalid_expiry_year',
      message: CARD_MESSAGES.invalidExpiryYear,
    };
  }
  if (
    !/^\d+$/.test(card.cvc) ||
    card.cvc.length < (brand === 'amex' ? 4 : 3) ||
    card.cvc.length > 4
  ) {
    return { field: 'cvc', code: 'incomplete_cvc', message: CARD_MESSAGES.incompleteCvc };
  }
  return null;
}

export type TestCardOutcome =
  | { kind: 'succeeded' }
  | { kind: 'requires_action' }
  | { kind: 'declined'; code: string; declineCode: string; message: string };

/** Stripe's published test numbers (https://docs.stripe.com/testing) and what each one does. */
export const TEST_CARDS: Readonly<Record<string, TestCardOutcome>> = {
  '4242424242424242': { kind: 'succeeded' },
  '4000056655665556': { kind: 'succeeded' },
  '5555555555554444': { kind: 'succeeded' },
  '2223003122003222': { kind: 'succeeded' },
  '378282246310005': { kind: 'succeeded' },
  '6011111111111117': { kind: 'succeeded' },
  '4000000000000002': {
    kind: 'declined',
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: CARD_MESSAGES.declined,
  },
  '4000000000009995': {
    kind: 'declined',
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: CARD_MESSAGES.insufficientFunds,
  },
  '4000000000000069': {
    kind: 'declined',
    code: 'expired_card',
    declineCode: 'expired_card',
    message: CARD_MESSAGES.expiredCard,
  },
  '4000000000000127': {
    kind: 'declined',
    code: 'incorrect_cvc',
    declineCode: 'incorrect_cvc',
    message: CARD_MESSAGES.incorrectCvc,
  },
  '4000000000000119': {
    kind: 'declined',
    code: 'processing_error',
    declineCode: 'processing_error',
    message: CARD_MESSAGES.processingError,
  },
  '4000002500003155': { kind: 'requires_action' },
  '4000002760003184': { kind: 'requires_action' },
};

/** A valid card that is not a test number is declined, as Stripe does in test mode. */
export function testCardOutcome(number: string): TestCardOutcome {
  return (
    TEST_CARDS[digitsOnly(number)] ?? {
      kind: 'declined',
      code: 'card_declined',
      declineCode: 'live_mode_test_card',
      message: CARD_MESSAGES.liveCardInTestMode,
    }
  );
}
