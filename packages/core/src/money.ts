/** Money is integer cents everywhere; only the UI formats dollars. */
export type Cents = number;

export function assertCents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of cents: ${value}`);
  return value;
}

/** 4500 -> "$45.00"; -250 -> "-$2.50". */
export function formatMoney(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  return `${sign}$${dollars.toLocaleString('en-US')}.${rest}`;
}

/**
 * A round figure as the shop advertises it, "$100" (the header's "orders $100+"), cents only when
 * there are any: "$99.50".
 */
export function formatMoneyShort(cents: Cents): string {
  return cents % 100 === 0 ? formatMoney(cents).slice(0, -3) : formatMoney(cents);
}

/** Spec 3: cost = first price's unit amount divided by 100. */
export function centsToDollars(cents: Cents): number {
  return cents / 100;
}

export function dollarsToCents(dollars: number): Cents {
  return Math.round(dollars * 100);
}

/**
 * Multiply cents by a decimal rate and round half away from zero to whole cents.
 * The rate is given in millionths (parts per million) to stay in integers: 7.25% = 72500.
 */
export function applyRate(cents: Cents, ratePpm: number): Cents {
  const product = cents * ratePpm;
  const q = Math.floor(product / 1_000_000);
  const r = product - q * 1_000_000;
  return r * 2 >= 1_000_000 ? q + 1 : q;
}
