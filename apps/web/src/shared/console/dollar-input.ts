import type { Cents } from '@sunward/core/money';

/**
 * Amounts in the console's fields: operators type dollars ("45", "45.5", "$1,045.00"), the API takes
 * integer cents. Exact: a third decimal is not rounded away but refused (null), as is anything that is
 * not an amount, so the field can say so instead of sending a different number.
 */
export function parseDollars(text: string): Cents | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const dollars = Number(match[1]!.replace(/,/g, ''));
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  const total = dollars * 100 + cents;
  return Number.isSafeInteger(total) ? total : null;
}

/** Cents as the text of a dollar field: 4500 -> "45.00". */
export function dollarsText(cents: Cents): string {
  return (cents / 100).toFixed(2);
}
