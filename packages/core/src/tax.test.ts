import { describe, expect, it } from 'vitest';
import { applyRate } from './money.ts';
import {
  CLOTHING_EXEMPTIONS,
  STATE_TAX_RATES_PPM,
  computeSalesTax,
  describeTaxRate,
  formatRate,
  mulDivRound,
  taxRuleFor,
  taxableUnitAmount,
  type ClothingExemption,
} from './tax.ts';

const nexus = (...states: string[]) => ({ nexusStates: states });

describe('taxRuleFor', () => {
  it('charges the state rate only where the shop has nexus', () => {
    expect(taxRuleFor('nc', nexus('NC'))).toEqual({
      state: 'NC',
      nexus: true,
      ratePpm: 47500,
      parts: [{ label: 'North Carolina', ratePpm: 47500 }],
      exemption: null,
    });
    expect(taxRuleFor('CA', nexus('NC'), 'Los Angeles')).toEqual({
      state: 'CA',
      nexus: false,
      ratePpm: 0,
      parts: [],
      exemption: null,
    });
  });
  it("adds the destination county's rate and its transit rate to the state's", () => {
    expect(taxRuleFor('NC', nexus('NC'), 'Mecklenburg')).toMatchObject({
      ratePpm: 72500,
      parts: [
        { label: 'North Carolina', ratePpm: 47500 },
        { label: 'Mecklenburg County', ratePpm: 20000 },
        { label: 'Mecklenburg County transit', ratePpm: 5000 },
      ],
    });
    expect(taxRuleFor('NC', nexus('NC'), 'Durham').ratePpm).toBe(75000);
    expect(taxRuleFor('NC', nexus('NC'), 'Alamance').ratePpm).toBe(67500);
    expect(taxRuleFor('NC', nexus('NC'), 'Buncombe').ratePpm).toBe(70000);
    // A county the table does not know: the state's rate alone, never a guess.
    expect(taxRuleFor('NC', nexus('NC'), 'Nowhere').ratePpm).toBe(47500);
    // A state without a local table: its state rate whatever the county.
    expect(taxRuleFor('PA', nexus('PA'), 'Philadelphia').ratePpm).toBe(60000);
  });
  it('takes rate and exemption overrides from settings', () => {
    // An override is one flat rate for the whole state, local parts included.
    const rule = taxRuleFor('NC', { ...nexus('NC'), taxRateOverrides: { NC: 72500 } }, 'Durham');
    expect(rule.ratePpm).toBe(72500);
    expect(rule.parts).toEqual([{ label: 'North Carolina', ratePpm: 72500 }]);
    const ny = taxRuleFor('NY', { ...nexus('NY'), clothingExemptionOverrides: { NY: null } });
    expect(ny.exemption).toBeNull();
    expect(taxRuleFor('PA', nexus('PA')).exemption).toEqual({ kind: 'full' });
  });
});

describe('formatRate', () => {
  it('writes a rate as the states publish it', () => {
    expect([72500, 70000, 67500, 47500, 5000, 0].map(formatRate)).toEqual([
      '7.25%',
      '7%',
      '6.75%',
      '4.75%',
      '0.5%',
      '0%',
    ]);
  });
});

describe('describeTaxRate', () => {
  it('names the parts of a combined rate, and a single rate alone', () => {
    expect(describeTaxRate(taxRuleFor('NC', nexus('NC'), 'Mecklenburg'))).toBe(
      '7.25%: North Carolina 4.75% + Mecklenburg County 2% + Mecklenburg County transit 0.5%',
    );
    expect(describeTaxRate(taxRuleFor('NC', nexus('NC')))).toBe('4.75%');
  });
});

describe('taxableUnitAmount', () => {
  const below: ClothingExemption = { kind: 'below', limitCents: 11000 };
  const ma: ClothingExemption = { kind: 'allowance', limitCents: 17500 };
  const ri: ClothingExemption = { kind: 'allowance', limitCents: 25000 };
  it.each([
    [4500, null, 4500], // no exemption: whole price
    [4500, { kind: 'full' } as ClothingExemption, 0], // MN/NJ/PA/VT: nothing taxable
    [4500, below, 0], // NY: $45 < $110 -> exempt
    [10999, below, 0], // $109.99 < $110 -> exempt
    [11000, below, 11000], // $110 is not under $110 -> whole price taxed
    [4500, ma, 0], // MA: $45 is within the $175 allowance
    [20000, ma, 2500], // MA: $200 - $175 = $25 taxable
    [30000, ri, 5000], // RI: $300 - $250 = $50 taxable
  ])('%i with %j -> %i', (unit, exemption, taxable) =>
    expect(taxableUnitAmount(unit, exemption)).toBe(taxable),
  );
});

describe('mulDivRound', () => {
  it.each([
    [1000, 2500, 24500, 102], // 2,500,000 / 24,500 = 102.04 -> 102
    [1, 1, 2, 1], // 0.5 -> 1 (half up)
    [1, 1, 3, 0], // 0.33 -> 0
  ])('%i x %i / %i = %i', (a, b, c, r) => expect(mulDivRound(a, b, c)).toBe(r));
});

describe('computeSalesTax (spec 9: (subtotal + shipping) x rate, with clothing exemptions)', () => {
  const shirt = (quantity: number, unitAmount = 4500) => ({ unitAmount, quantity });
  it.each([
    // NC 4.75%: (9000 + 650) x 0.0475 = 458.375 -> 458
    ['NC', [shirt(2)], 650, 458],
    // NC: 13500 x 0.0475 = 641.25 -> 641 (free ground)
    ['NC', [shirt(3)], 0, 641],
    // NC priority: (9000 + 1115) x 0.0475 = 480.4625 -> 480
    ['NC', [shirt(2)], 1115, 480],
    // PA 6%, clothing fully exempt: goods 0 taxable, shipping share 0 -> 0
    ['PA', [shirt(2)], 650, 0],
    // MA 6.25%: $200 item taxable 2500 of goods 24500; shipping 1000 x 2500/24500 = 102.04 -> 102;
    // (2500 + 102) x 0.0625 = 162.625 -> 163
    ['MA', [shirt(1, 20000), shirt(1)], 1000, 163],
    // NY 4%: $120 item taxed whole (12000 of 21000); shipping 800 x 12000/21000 = 457.14 -> 457;
    // (12000 + 457) x 0.04 = 498.28 -> 498
    ['NY', [shirt(1, 12000), shirt(2)], 800, 498],
    // NY 4%: only $45 shirts -> all exempt -> 0
    ['NY', [shirt(2)], 800, 0],
    // RI 7%: $300 item, $50 above the $250 allowance; no shipping: 5000 x 0.07 = 350
    ['RI', [shirt(1, 30000)], 0, 350],
    // CA: no nexus -> 0
    ['CA', [shirt(2)], 650, 0],
  ] as const)('%s %j + shipping %i -> %i', (state, lines, shipping, tax) => {
    const rule = taxRuleFor(state, nexus('NC', 'PA', 'MA', 'NY', 'RI'));
    expect(computeSalesTax(lines, shipping, rule).salesTax).toBe(tax);
  });
});

describe('computeSalesTax invariants', () => {
  it('without an exemption it is exactly spec 9: applyRate(subtotal + shipping, rate), every state', () => {
    for (const [state, rate] of Object.entries(STATE_TAX_RATES_PPM)) {
      const rule = taxRuleFor(state, {
        nexusStates: [state],
        clothingExemptionOverrides: { [state]: null },
      });
      for (const qty of [1, 2, 7, 10]) {
        for (const shipping of [0, 620, 1880]) {
          const lines = [{ unitAmount: 4500, quantity: qty }];
          expect(computeSalesTax(lines, shipping, rule).salesTax).toBe(
            applyRate(4500 * qty + shipping, rate),
          );
        }
      }
    }
  });

  it('an exemption never raises the tax', () => {
    for (const state of Object.keys(CLOTHING_EXEMPTIONS)) {
      const withEx = taxRuleFor(state, { nexusStates: [state] });
      const without = taxRuleFor(state, {
        nexusStates: [state],
        clothingExemptionOverrides: { [state]: null },
      });
      for (const unit of [4500, 11000, 20000, 30000]) {
        const lines = [{ unitAmount: unit, quantity: 3 }];
        expect(computeSalesTax(lines, 900, withEx).salesTax).toBeLessThanOrEqual(
          computeSalesTax(lines, 900, without).salesTax,
        );
      }
    }
  });
});
