/**
 * Sales tax: state base rates, the states where the shop has nexus, and clothing exemptions.
 * Spec 9: tax = (subtotal + chosen shipping) x rate. Where clothing is exempt, only the taxable part of
 * the goods is taxed, and shipping is taxed in the same proportion as the goods it carries.
 */
import { LOCAL_SALES_TAX } from './local-sales-tax.ts';
import { applyRate, type Cents } from './money.ts';

/**
 * State-level general sales tax rates in parts per million (7.25% = 72500), as published by each state
 * for 2025. Local rates are added by destination where local-sales-tax.ts has the state's table (NC);
 * an operator's override for a state (`taxRateOverrides`) is one flat rate for the whole state, in
 * place of the state's and the local ones.
 */
// prettier-ignore
export const STATE_TAX_RATES_PPM: Readonly<Record<string, number>> = {
  AL: 40000, AK: 0, AZ: 56000, AR: 65000, CA: 72500, CO: 29000, CT: 63500, DE: 0, DC: 60000,
  FL: 60000, GA: 40000, HI: 40000, ID: 60000, IL: 62500, IN: 70000, IA: 60000, KS: 65000,
  KY: 60000, LA: 50000, ME: 55000, MD: 60000, MA: 62500, MI: 60000, MN: 68750, MS: 70000,
  MO: 42250, MT: 0, NE: 55000, NV: 68500, NH: 0, NJ: 66250, NM: 48750, NY: 40000, NC: 47500,
  ND: 50000, OH: 57500, OK: 45000, OR: 0, PA: 60000, RI: 70000, SC: 60000, SD: 42000, TN: 70000,
  TX: 62500, UT: 48500, VT: 60000, VA: 53000, WA: 65000, WV: 60000, WI: 50000, WY: 40000,
};

/**
 * How a state treats clothing:
 * - full: clothing is exempt (MN, NJ, PA, VT).
 * - below: an item priced under the limit is exempt; at or over the limit the whole price is taxed (NY,
 *   state tax, $110).
 * - allowance: the first `limitCents` of each item's price are exempt, only the part above is taxed
 *   (MA $175, RI $250).
 */
export type ClothingExemption =
  | { kind: 'full' }
  | { kind: 'below'; limitCents: Cents }
  | { kind: 'allowance'; limitCents: Cents };

export const CLOTHING_EXEMPTIONS: Readonly<Record<string, ClothingExemption>> = {
  MN: { kind: 'full' },
  NJ: { kind: 'full' },
  PA: { kind: 'full' },
  VT: { kind: 'full' },
  NY: { kind: 'below', limitCents: 11000 },
  MA: { kind: 'allowance', limitCents: 17500 },
  RI: { kind: 'allowance', limitCents: 25000 },
};

export const DEFAULT_NEXUS_STATES: readonly string[] = ['NC'];

export interface TaxSettings {
  nexusStates: readonly string[];
  taxRateOverrides?: Readonly<Record<string, number>>;
  clothingExemptionOverrides?: Readonly<Record<string, ClothingExemption | null>>;
}

/** One part of a combined rate: the state's, a county's, a transit district's. */
export interface TaxPart {
  label: string;
  ratePpm: number;
}

export interface TaxRule {
  state: string;
  nexus: boolean;
  /** Applied rate in ppm: 0 where the shop has no nexus; else the sum of `parts`. */
  ratePpm: number;
  /** What the rate is made of (empty where the shop has no nexus). */
  parts: TaxPart[];
  exemption: ClothingExemption | null;
}

/**
 * The rule for a destination: its state, and its county where the state's local table knows it (the
 * county as the ZIP table names it; null or unknown: the state's rate alone).
 */
export function taxRuleFor(
  stateInput: string,
  settings: TaxSettings,
  county: string | null = null,
): TaxRule {
  const state = stateInput.trim().toUpperCase();
  const nexus = settings.nexusStates.map((s) => s.toUpperCase()).includes(state);
  const override = settings.clothingExemptionOverrides?.[state];
  const exemption = override === undefined ? (CLOTHING_EXEMPTIONS[state] ?? null) : override;
  const parts = nexus ? taxParts(state, settings, county) : [];
  const ratePpm = parts.reduce((sum, p) => sum + p.ratePpm, 0);
  return { state, nexus, ratePpm, parts, exemption };
}

function taxParts(state: string, settings: TaxSettings, county: string | null): TaxPart[] {
  const local = LOCAL_SALES_TAX[state];
  const flat = settings.taxRateOverrides?.[state];
  if (flat !== undefined) return [{ label: local?.stateName ?? state, ratePpm: flat }];
  const parts: TaxPart[] = [
    { label: local?.stateName ?? state, ratePpm: STATE_TAX_RATES_PPM[state] ?? 0 },
  ];
  const rates = county ? local?.counties[county] : undefined;
  if (rates) {
    parts.push({ label: `${county} County`, ratePpm: rates.countyPpm });
    if (rates.transitPpm)
      parts.push({ label: `${county} County transit`, ratePpm: rates.transitPpm });
  }
  return parts.filter((p) => p.ratePpm > 0);
}

/** A rate in ppm as a percentage, e.g. 72500 -> "7.25%", 70000 -> "7%". */
export function formatRate(ratePpm: number): string {
  return `${Number((ratePpm / 10_000).toFixed(4))}%`;
}

/**
 * A rate and what it is made of, e.g. "7.25%: North Carolina 4.75% + Mecklenburg County 2% +
 * Mecklenburg County transit 0.5%" (the rate alone when it has one part).
 */
export function describeTaxRate(rate: { ratePpm: number; parts: readonly TaxPart[] }): string {
  const total = formatRate(rate.ratePpm);
  if (rate.parts.length < 2) return total;
  return `${total}: ${rate.parts.map((p) => `${p.label} ${formatRate(p.ratePpm)}`).join(' + ')}`;
}

export function describeExemption(exemption: ClothingExemption | null): string | null {
  if (!exemption) return null;
  const dollars = (c: Cents) => `$${(c / 100).toFixed(0)}`;
  switch (exemption.kind) {
    case 'full':
      return 'Clothing is exempt from sales tax.';
    case 'below':
      return `Clothing items under ${dollars(exemption.limitCents)} each are exempt.`;
    case 'allowance':
      return `The first ${dollars(exemption.limitCents)} of each clothing item is exempt; only the part above is taxed.`;
  }
}

/** The taxable part of one unit's price. */
export function taxableUnitAmount(unit: Cents, exemption: ClothingExemption | null): Cents {
  if (!exemption) return unit;
  switch (exemption.kind) {
    case 'full':
      return 0;
    case 'below':
      return unit < exemption.limitCents ? 0 : unit;
    case 'allowance':
      return Math.max(0, unit - exemption.limitCents);
  }
}

/** a * b / c rounded half up, in integers (a, b, c >= 0, c > 0). */
export function mulDivRound(a: number, b: number, c: number): number {
  const product = a * b;
  const q = Math.floor(product / c);
  return (product - q * c) * 2 >= c ? q + 1 : q;
}

export interface TaxLine {
  unitAmount: Cents;
  quantity: number;
}

export interface TaxBreakdown {
  taxableGoods: Cents;
  taxableShipping: Cents;
  salesTax: Cents;
}

/**
 * Tax on the goods plus the chosen shipping, rounded once (half up) to whole cents. Shipping is taxed in
 * the share that the taxable goods make of all goods, so with no exemption this is exactly spec 9:
 * (subtotal + shipping) x rate.
 */
export function computeSalesTax(
  lines: readonly TaxLine[],
  shipping: Cents,
  rule: TaxRule,
): TaxBreakdown {
  const goods = lines.reduce((s, l) => s + l.unitAmount * l.quantity, 0);
  const taxableGoods = lines.reduce(
    (s, l) => s + taxableUnitAmount(l.unitAmount, rule.exemption) * l.quantity,
    0,
  );
  const taxableShipping =
    goods === 0 || taxableGoods === goods ? shipping : mulDivRound(shipping, taxableGoods, goods);
  if (rule.ratePpm === 0) return { taxableGoods, taxableShipping, salesTax: 0 };
  return {
    taxableGoods,
    taxableShipping,
    salesTax: applyRate(taxableGoods + taxableShipping, rule.ratePpm),
  };
}
