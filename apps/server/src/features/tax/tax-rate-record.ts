/**
 * The rate a checkout was priced at, as a checkout and its order keep it (migration 027: `tax_rate`,
 * the rate in ppm, and `tax_parts`, its parts as JSON), written and read in one place.
 */
import type { SalesTaxRate } from '@sunward/core/checkout-schemas';
import type { TaxPart } from '@sunward/core/tax';

export interface TaxRateColumns {
  tax_rate: number | null;
  tax_parts: string | null;
}

/** The columns of `rate`. */
export function taxRateColumns(rate: SalesTaxRate): TaxRateColumns {
  return { tax_rate: rate.ratePpm, tax_parts: JSON.stringify(rate.parts) };
}

/** The rate kept in a checkout's or an order's row; null for one priced before it was kept. */
export function salesTaxRateOf(row: TaxRateColumns): SalesTaxRate | null {
  if (row.tax_rate === null || row.tax_parts === null) return null;
  return { ratePpm: row.tax_rate, parts: JSON.parse(row.tax_parts) as TaxPart[] };
}
