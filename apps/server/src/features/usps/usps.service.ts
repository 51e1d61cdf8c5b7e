/** Address check, rate quote and sales-tax rate, through the providers the app was given. */
import type { Address } from '@sunward/core/schemas';
import type { SalesTaxRateResponse } from '@sunward/core/checkout-schemas';
import { describeExemption, taxRuleFor, type TaxSettings } from '@sunward/core/tax';
import type { Db } from '../../db/database.ts';
import { loadSettings } from '../settings/settings.ts';
import type { QuoteResult, UspsServices } from './usps.types.ts';

export function checkAddress(usps: UspsServices, address: Address) {
  return usps.verifier.check(address);
}

/** Base prices for `quantity` shirts between two ZIPs (no free-shipping rule applied here). */
export async function quoteShipping(
  db: Db,
  usps: UspsServices,
  input: { fromZip: string; toZip: string; quantity: number },
): Promise<QuoteResult & { weightOz?: number }> {
  const settings = await loadSettings(db);
  const weightOz = settings.shirtWeightOz * input.quantity;
  const result = await usps.quoter.quote({
    fromZip: input.fromZip,
    toZip: input.toZip,
    weightOz,
    rateCard: settings.rateCard,
  });
  return { ...result, weightOz };
}

export function salesTaxRate(state: string, tax: TaxSettings): SalesTaxRateResponse {
  const rule = taxRuleFor(state, tax);
  return {
    state: rule.state,
    rate: rule.ratePpm,
    ratePercent: rule.ratePpm / 10_000,
    nexus: rule.nexus,
    exemptions: rule.nexus ? describeExemption(rule.exemption) : null,
  };
}

export async function salesTaxRateFor(db: Db, state: string): Promise<SalesTaxRateResponse> {
  const settings = await loadSettings(db);
  return salesTaxRate(state, settings);
}
