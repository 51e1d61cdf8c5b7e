import {
  CARD_MESSAGES,
  cardBrand,
  cardNumberLength,
  digitsOnly,
  luhnValid,
  validateCard,
  type CardField,
} from '@sunward/core/card';

export interface CardFormValues {
  /** As shown: digits in groups ("4242 4242 4242 4242"). */
  number: string;
  /** As shown: "MM / YY". */
  expiry: string;
  cvc: string;
}

export const EMPTY_CARD: CardFormValues = { number: '', expiry: '', cvc: '' };

/** Groups the digits as typed: 4-4-4-4 (4-6-5 for American Express), at most 19 digits. */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '');
  const brand = cardBrand(digits);
  if (brand === 'amex') {
    const d = digits.slice(0, 15);
    return [d.slice(0, 4), d.slice(4, 10), d.slice(10)].filter(Boolean).join(' ');
  }
  return (digits.slice(0, 19).match(/.{1,4}/g) ?? []).join(' ');
}

/** "4" -> "04", "122" -> "12 / 2": the month first, then the year, with " / " between. */
export function formatExpiry(input: string): string {
  let digits = input.replace(/\D/g, '').slice(0, 4);
  if (/^[2-9]$/.test(digits)) digits = `0${digits}`;
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

export function parseExpiry(expiry: string): { expMonth: number; expYear: number } {
  const digits = expiry.replace(/\D/g, '');
  const month = digits.slice(0, 2);
  const year = digits.slice(2, 4);
  return {
    expMonth: month.length === 2 ? Number(month) : 0,
    expYear: year.length === 2 ? 2000 + Number(year) : 0,
  };
}

/** The card as the sandbox processor takes it. */
export function toCardInput(values: CardFormValues) {
  return { number: digitsOnly(values.number), ...parseExpiry(values.expiry), cvc: values.cvc };
}

/** One field's message, in Stripe's words (the server checks the card again). */
export function cardFieldError(
  field: CardField,
  values: CardFormValues,
  now = new Date(),
): string | null {
  const digits = digitsOnly(values.number);
  const brand = cardBrand(digits);
  if (field === 'number') {
    if (digits.length < (brand ? cardNumberLength(brand) : 15))
      return CARD_MESSAGES.incompleteNumber;
    if (!luhnValid(digits)) return CARD_MESSAGES.invalidNumber;
    if (!brand) return CARD_MESSAGES.unsupportedBrand;
    return null;
  }
  if (field === 'cvc') {
    return values.cvc.length < (brand === 'amex' ? 4 : 3) ? CARD_MESSAGES.incompleteCvc : null;
  }
  // Unfinished first: parseExpiry reads a missing month or year as 0.
  if (values.expiry.replace(/\D/g, '').length < 4) return CARD_MESSAGES.incompleteExpiry;
  const { expMonth, expYear } = parseExpiry(values.expiry);
  const problem = validateCard({ number: '4242424242424242', expMonth, expYear, cvc: '1234' }, now);
  return problem?.message ?? null;
}

export function isCardComplete(values: CardFormValues, now = new Date()): boolean {
  return validateCard(toCardInput(values), now) === null;
}
