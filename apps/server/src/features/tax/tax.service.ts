/** The sales-tax rate for a state: the rule is core's (tax.ts), the rates and nexus are the settings'. */
import type { SalesTaxRateResponse } from '@sunward/core/checkout-schemas';
import { describeExemption, taxRuleFor, type TaxSettings } from '@sunward/core/tax';
import type { Db } from '../../db/database.ts';
import { loadSettings } from '../settings/settings.api.ts';

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
