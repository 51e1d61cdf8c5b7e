/**
 * Who computes sales tax (TAX_PROVIDER, docs/decisions/041): the built-in rates (the state's and, where
 * the shop has the state's table, the county's) or Stripe Tax. Either way the shop's nexus states say
 * where tax is charged at all, and the quote is made when the checkout is priced (update-pi), before
 * the shopper sees the total: the amount charged is always the quote shown.
 */
import type { SalesTaxRate } from '@sunward/core/checkout-schemas';
import type { Cents } from '@sunward/core/money';
import { computeSalesTax, type TaxRule } from '@sunward/core/tax';
import { ok, type Failure, type Result } from '../../lib/result.ts';

export interface TaxQuoteInput {
  /** The address shipped to. */
  address: { line1: string; line2: string; city: string; state: string; postal_code: string };
  /** The bag's lines at their unit prices; `reference` names a line to the provider. */
  lines: readonly { reference: string; unitAmount: Cents; quantity: number }[];
  shipping: Cents;
  /** The built-in rule for the address: nexus, clothing exemption, rates. */
  rule: TaxRule;
}

export interface TaxQuote {
  salesTax: Cents;
  rate: SalesTaxRate;
  /** The provider's record of this quote, to be made a transaction once the order is paid. */
  calculationId: string | null;
}

export type TaxUnavailable = Failure<'unavailable'>;

export interface TaxProvider {
  readonly name: 'built-in' | 'stripe';
  quote(input: TaxQuoteInput): Promise<Result<TaxQuote, TaxUnavailable>>;
  /**
   * Records a paid order's tax with the provider (its filing), from the quote's calculation, under the
   * order's number; the same reference twice is one record.
   */
  record(
    calculationId: string,
    reference: string,
  ): Promise<Result<{ transactionId: string | null }, TaxUnavailable>>;
  /**
   * Takes a refund off the recorded transaction (what is filed), under the refund's own reference;
   * the same reference twice is one reversal. `full`: the whole order was refunded at once.
   */
  reverse(input: TaxReversalInput): Promise<Result<{ reversalId: string | null }, TaxUnavailable>>;
}

export interface TaxReversalInput {
  transactionId: string;
  /** Unique per refund. */
  reference: string;
  /** Cents refunded, tax included. */
  amount: Cents;
  full: boolean;
}

/** No nexus: no tax, and no provider asked. */
export const NO_TAX: TaxQuote = {
  salesTax: 0,
  rate: { ratePpm: 0, parts: [] },
  calculationId: null,
};

/** The built-in rates: core's rule, no network. */
export const builtInTaxProvider: TaxProvider = {
  name: 'built-in',
  quote({ lines, shipping, rule }) {
    if (!rule.nexus) return Promise.resolve(ok(NO_TAX));
    const { salesTax } = computeSalesTax(lines, shipping, rule);
    return Promise.resolve(
      ok({ salesTax, rate: { ratePpm: rule.ratePpm, parts: rule.parts }, calculationId: null }),
    );
  },
  record() {
    return Promise.resolve(ok({ transactionId: null }));
  },
  reverse() {
    return Promise.resolve(ok({ reversalId: null }));
  },
};
