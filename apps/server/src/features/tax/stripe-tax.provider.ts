/**
 * Stripe Tax as the shop's tax provider (TAX_PROVIDER=stripe, docs/decisions/041): a tax calculation for
 * the address shipped to (every jurisdiction Stripe knows: state, county, city, district), the lines
 * under the clothing tax code and the shipping, taxes added on top; once the order is paid, a tax
 * transaction made from that calculation under the order's number, so Stripe files what was charged;
 * each refund of it is a reversal of that transaction, so what is filed is what the shop kept.
 * Stripe out of reach, or refusing, is a value (`unavailable`): the checkout says so and charges
 * nothing it has not shown.
 */
import Stripe from 'stripe';
import type { TaxPart } from '@sunward/core/tax';
import { fail, ok } from '../../lib/result.ts';
import { NO_TAX, type TaxProvider } from './tax-provider.ts';

/** Stripe's product tax code for clothing, so each state's clothing rules apply. */
export const CLOTHING_TAX_CODE = 'txcd_30011000';

export interface StripeTaxOptions {
  secretKey: string;
  /** For tests against a local stand-in. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

const UNAVAILABLE = 'We could not work out the sales tax just now. Please try again in a moment.';

/** A percentage as Stripe writes it ("4.75") in parts per million. */
const ppm = (percentage: string) => Math.round(Number(percentage) * 10_000);

/**
 * The parts of the rate: each jurisdiction that taxed the goods once (state first, then county, city,
 * district), as Stripe names it; the rate is their sum.
 */
export function partsOf(lineItems: readonly Stripe.Tax.CalculationLineItem[]): TaxPart[] {
  const order = ['country', 'state', 'county', 'city', 'district'];
  const seen = new Map<string, TaxPart & { level: string }>();
  for (const item of lineItems) {
    for (const b of item.tax_breakdown ?? []) {
      if (!b.tax_rate_details || b.amount === 0) continue;
      const label = b.jurisdiction.display_name;
      if (!seen.has(label)) {
        seen.set(label, {
          label,
          ratePpm: ppm(b.tax_rate_details.percentage_decimal),
          level: b.jurisdiction.level,
        });
      }
    }
  }
  return [...seen.values()]
    .sort((a, b) => order.indexOf(a.level) - order.indexOf(b.level))
    .map(({ label, ratePpm }) => ({ label, ratePpm }));
}

export function createStripeTaxProvider(options: StripeTaxOptions): TaxProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    // Bounded: the shopper is waiting on the checkout's price.
    timeout: 10_000,
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
  });
  return {
    name: 'stripe',

    async quote({ address, lines, shipping, rule }) {
      if (!rule.nexus) return ok(NO_TAX);
      try {
        const calculation = await stripe.tax.calculations.create({
          currency: 'usd',
          customer_details: {
            address: { ...address, country: 'US' },
            address_source: 'shipping',
          },
          line_items: lines.map((l) => ({
            amount: l.unitAmount * l.quantity,
            quantity: l.quantity,
            reference: l.reference,
            tax_code: CLOTHING_TAX_CODE,
            tax_behavior: 'exclusive',
          })),
          shipping_cost: { amount: shipping, tax_behavior: 'exclusive' },
          expand: ['line_items.data.tax_breakdown'],
        });
        const parts = partsOf(calculation.line_items?.data ?? []);
        return ok({
          salesTax: calculation.tax_amount_exclusive,
          rate: { ratePpm: parts.reduce((sum, p) => sum + p.ratePpm, 0), parts },
          calculationId: calculation.id,
        });
      } catch (err) {
        if (err instanceof Stripe.errors.StripeError) return fail('unavailable', UNAVAILABLE);
        throw err;
      }
    },

    async record(calculationId, reference) {
      try {
        const transaction = await stripe.tax.transactions.createFromCalculation(
          { calculation: calculationId, reference },
          { idempotencyKey: `tax-transaction:${reference}` },
        );
        return ok({ transactionId: transaction.id });
      } catch (err) {
        if (err instanceof Stripe.errors.StripeError) return fail('unavailable', err.message);
        throw err;
      }
    },

    async reverse({ transactionId, reference, amount, full }) {
      try {
        // A refund of part of the order: its amount, tax included, spread by Stripe over the lines
        // and the shipping in proportion (flat_amount); the whole order at once: the whole record.
        const reversal = await stripe.tax.transactions.createReversal(
          full
            ? { mode: 'full', original_transaction: transactionId, reference }
            : {
                mode: 'partial',
                original_transaction: transactionId,
                reference,
                flat_amount: -amount,
              },
          { idempotencyKey: `tax-reversal:${reference}` },
        );
        return ok({ reversalId: reversal.id });
      } catch (err) {
        if (err instanceof Stripe.errors.StripeError) return fail('unavailable', err.message);
        throw err;
      }
    },
  };
}
