import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, SettingsPatchSchema, SettingsSchema } from './settings.ts';

const tier = (maxOz: number) => ({ maxOz, zones: [1, 2, 3, 4, 5, 6, 7, 8, 9] });

describe('settings schema', () => {
  it('accepts the defaults as they are', () => {
    expect(SettingsSchema.parse(DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
  });

  it.each([
    [{ shopName: 'Harbor Sun' }],
    [{ companyZipCode: '10001', freeShippingTarget: 0 }],
    [{ shirtWeightOz: 5.5 }],
    [
      {
        returnAddress: {
          company: 'Harbor Sun Returns',
          line1: '1 Harbor Way',
          city: 'Wilmington',
          state: 'NC',
          zip: '28401',
        },
      },
    ],
    [{ nexusStates: ['NC', 'NY', 'PR'] }],
    [{ taxRateOverrides: { NC: 72500 } }],
    [{ clothingExemptionOverrides: { NY: null, MA: { kind: 'allowance', limitCents: 20000 } } }],
    [{ rateCard: { source: 'mine', ground: [tier(8), tier(16)], priority: [tier(16)] } }],
    [{}],
  ])('takes the write %j', (patch) => {
    expect(SettingsPatchSchema.safeParse(patch).success).toBe(true);
  });

  it.each([
    ['an unknown key', { shopname: 'typo' }, ''],
    ['an empty name', { shopName: '   ' }, 'shopName'],
    ['a name that is not text', { shopName: 42 }, 'shopName'],
    ['a name over 80 characters', { shopName: 'x'.repeat(81) }, 'shopName'],
    ['a four-digit ZIP', { companyZipCode: '2820' }, 'companyZipCode'],
    ['a ZIP as a number', { companyZipCode: 28202 }, 'companyZipCode'],
    ['a target in dollars', { freeShippingTarget: 99.5 }, 'freeShippingTarget'],
    ['a negative target', { freeShippingTarget: -1 }, 'freeShippingTarget'],
    ['a weight of 0', { shirtWeightOz: 0 }, 'shirtWeightOz'],
    [
      'a return address without a company',
      { returnAddress: { ...DEFAULT_SETTINGS.returnAddress, company: ' ' } },
      'returnAddress.company',
    ],
    [
      'a return address in no state',
      { returnAddress: { ...DEFAULT_SETTINGS.returnAddress, state: 'XX' } },
      'returnAddress.state',
    ],
    [
      'a return address with a ZIP+4',
      { returnAddress: { ...DEFAULT_SETTINGS.returnAddress, zip: '28202-1234' } },
      'returnAddress.zip',
    ],
    ['a state that is not one', { nexusStates: ['NC', 'XX'] }, 'nexusStates.1'],
    ['nexus as a string', { nexusStates: 'NC' }, 'nexusStates'],
    ['a rate over 100%', { taxRateOverrides: { NC: 1_000_001 } }, 'taxRateOverrides.NC'],
    ['a rate as a percentage', { taxRateOverrides: { NC: 7.25 } }, 'taxRateOverrides.NC'],
    ['an override for no state', { taxRateOverrides: { Carolina: 72500 } }, 'taxRateOverrides'],
    [
      'an exemption of an unknown kind',
      { clothingExemptionOverrides: { NY: { kind: 'partial' } } },
      'clothingExemptionOverrides.NY',
    ],
    [
      'an exemption without its limit',
      { clothingExemptionOverrides: { NY: { kind: 'below' } } },
      'clothingExemptionOverrides.NY.limitCents',
    ],
    [
      'a tier with 8 zones',
      { rateCard: { source: 's', ground: [{ maxOz: 8, zones: [1] }], priority: [tier(8)] } },
      'rateCard.ground.0.zones',
    ],
    [
      'tiers out of order',
      { rateCard: { source: 's', ground: [tier(16), tier(8)], priority: [tier(8)] } },
      'rateCard.ground',
    ],
    [
      'a rate card with no tiers',
      { rateCard: { source: 's', ground: [], priority: [] } },
      'rateCard',
    ],
    ['null for a setting', { freeShippingTarget: null }, 'freeShippingTarget'],
  ])('refuses %s', (_what, patch, path) => {
    const result = SettingsPatchSchema.safeParse(patch);
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join('.'));
    expect(paths.some((p) => p.startsWith(path))).toBe(true);
  });
});
