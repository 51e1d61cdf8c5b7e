/**
 * The sales-tax rule of a destination: the rule and the rates are core's (tax.ts, local-sales-tax.ts),
 * the nexus states and overrides the settings', the county the ZIP table's (the USPS feature's door).
 */
import type { SalesTaxRateResponse } from '@sunward/core/checkout-schemas';
import { describeExemption, taxRuleFor, type TaxRule, type TaxSettings } from '@sunward/core/tax';
import type { Db } from '../../db/database.ts';
import { loadSettings } from '../settings/settings.api.ts';
import { countyOfZip } from '../usps/usps.api.ts';

/**
 * The rule for an address (its state and ZIP): the state's rate plus its county's where it adds one.
 * Without a ZIP (the sales-tax-rate route asked with a state alone), the state's rate.
 */
export function taxRuleForAddress(
  address: { state: string; postal_code?: string | undefined },
  tax: TaxSettings,
): TaxRule & { county: string | null } {
  const county = address.postal_code ? countyOfZip(address.postal_code, address.state) : null;
  return { ...taxRuleFor(address.state, tax, county), county };
}

export function salesTaxRate(
  address: { state: string; postal_code?: string | undefined },
  tax: TaxSettings,
): SalesTaxRateResponse {
  const rule = taxRuleForAddress(address, tax);
  return {
    state: rule.state,
    county: rule.nexus && rule.parts.length > 1 ? rule.county : null,
    rate: rule.ratePpm,
    ratePercent: rule.ratePpm / 10_000,
    parts: rule.parts,
    nexus: rule.nexus,
    exemptions: rule.nexus ? describeExemption(rule.exemption) : null,
  };
}

export async function salesTaxRateFor(
  db: Db,
  address: { state: string; postal_code?: string | undefined },
): Promise<SalesTaxRateResponse> {
  const settings = await loadSettings(db);
  return salesTaxRate(address, settings);
}
