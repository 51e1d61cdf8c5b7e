/** The checkout's settings (rate card, weight, tax, free-shipping target), parsed from the settings table. */
import { z } from 'zod';
import { DEFAULT_RATE_CARD, type RateCard } from '@sunward/core/shipping';
import type { ClothingExemption, TaxSettings } from '@sunward/core/tax';
import type { Db } from '../../db/database.ts';
import { getSettings } from '../catalog/catalog.service.ts';
import { DEFAULT_SETTINGS } from '../catalog/settings.defaults.ts';

const TierSchema = z.object({
  maxOz: z.number().positive(),
  zones: z.array(z.number().int().nonnegative()).length(9),
});
const RateCardSchema = z.object({
  source: z.string(),
  ground: z.array(TierSchema).min(1),
  priority: z.array(TierSchema).min(1),
});
const ExemptionSchema = z.union([
  z.object({ kind: z.literal('full') }),
  z.object({ kind: z.enum(['below', 'allowance']), limitCents: z.number().int().nonnegative() }),
]);

const CheckoutSettingsSchema = z.object({
  shopName: z.string().catch(DEFAULT_SETTINGS.shopName),
  companyZipCode: z
    .string()
    .regex(/^\d{5}$/)
    .catch(DEFAULT_SETTINGS.companyZipCode),
  freeShippingTarget: z.number().int().nonnegative().catch(DEFAULT_SETTINGS.freeShippingTarget),
  shirtWeightOz: z.number().positive().catch(DEFAULT_SETTINGS.shirtWeightOz),
  rateCard: RateCardSchema.catch(DEFAULT_RATE_CARD),
  nexusStates: z.array(z.string()).catch([...DEFAULT_SETTINGS.nexusStates]),
  taxRateOverrides: z.record(z.string(), z.number().int().nonnegative()).catch({}),
  clothingExemptionOverrides: z.record(z.string(), ExemptionSchema.nullable()).catch({}),
});

export interface CheckoutSettings {
  shopName: string;
  companyZipCode: string;
  freeShippingTarget: number;
  shirtWeightOz: number;
  rateCard: RateCard;
  tax: TaxSettings;
}

export async function loadCheckoutSettings(db: Db): Promise<CheckoutSettings> {
  const s = CheckoutSettingsSchema.parse(await getSettings(db));
  return {
    shopName: s.shopName,
    companyZipCode: s.companyZipCode,
    freeShippingTarget: s.freeShippingTarget,
    shirtWeightOz: s.shirtWeightOz,
    rateCard: s.rateCard,
    tax: {
      nexusStates: s.nexusStates,
      taxRateOverrides: s.taxRateOverrides,
      clothingExemptionOverrides: s.clothingExemptionOverrides as Record<
        string,
        ClothingExemption | null
      >,
    },
  };
}
