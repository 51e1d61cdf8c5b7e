/**
 * The shop's settings (operators change them in the console): their defaults and the one schema that
 * checks them, on the way into the database and on the way out. The server's settings module
 * (apps/server/src/features/settings) loads and saves them; the console validates its form with
 * `SettingsPatchSchema` before it sends it.
 */
import { z } from 'zod';
import { DEFAULT_RATE_CARD } from './shipping.ts';
import { DEFAULT_NEXUS_STATES } from './tax.ts';
import { US_STATE_NAMES } from './us-states.ts';

const StateCodeSchema = z
  .string()
  .refine((code) => Object.hasOwn(US_STATE_NAMES, code), 'Use a two-letter US state code (NC).');

const RateTierSchema = z.object({
  maxOz: z.number().positive(),
  zones: z.array(z.number().int().nonnegative()).length(9, 'Give a price for each of zones 1-9.'),
});

const ascending = (tiers: { maxOz: number }[]) =>
  tiers.every((tier, i) => i === 0 || tier.maxOz > tiers[i - 1]!.maxOz);
const TiersSchema = z
  .array(RateTierSchema)
  .min(1)
  .refine(ascending, 'List the weight tiers from the lightest up.');

export const RateCardSchema = z.object({
  source: z.string(),
  ground: TiersSchema,
  priority: TiersSchema,
});

/** Where customers send returns: printed as the TO address of every return label. */
export const ReturnAddressSchema = z.object({
  company: z.string().trim().min(1, 'Give the company name returns are addressed to.').max(80),
  line1: z.string().trim().min(1, 'Give the street address.').max(100),
  city: z.string().trim().min(1, 'Give the city.').max(60),
  state: StateCodeSchema,
  zip: z.string().regex(/^\d{5}$/, 'Use a five-digit ZIP code.'),
});
export type ReturnAddress = z.infer<typeof ReturnAddressSchema>;

export const ClothingExemptionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('full') }),
  z.object({ kind: z.literal('below'), limitCents: z.number().int().nonnegative() }),
  z.object({ kind: z.literal('allowance'), limitCents: z.number().int().nonnegative() }),
]);

export const SettingsSchema = z.object({
  shopName: z.string().trim().min(1, 'Give the shop a name.').max(80),
  /** Where parcels ship from: the origin of every USPS quote. */
  companyZipCode: z.string().regex(/^\d{5}$/, 'Use a five-digit ZIP code.'),
  /** The TO address of return labels (the embedded label and USPS's). */
  returnAddress: ReturnAddressSchema,
  /** Cents; a bag at or over it ships free by Ground. */
  freeShippingTarget: z.number().int().nonnegative(),
  /** Weight of one shirt as packed, in ounces; the parcel weight is this times the shirt count. */
  shirtWeightOz: z.number().positive().max(160),
  /** Offline USPS prices in cents by zone (1-9) and weight tier; `source` names the figures' origin. */
  rateCard: RateCardSchema,
  /** States where the shop collects sales tax. */
  nexusStates: z.array(StateCodeSchema),
  /** State rate overrides in parts per million (7.25% = 72500) over the table in tax.ts. */
  taxRateOverrides: z.record(StateCodeSchema, z.number().int().nonnegative().max(1_000_000)),
  /** Clothing exemption overrides per state (null removes the built-in exemption). */
  clothingExemptionOverrides: z.record(StateCodeSchema, ClothingExemptionSchema.nullable()),
});
export type Settings = z.infer<typeof SettingsSchema>;
export type SettingKey = keyof Settings;
export const SETTING_KEYS = Object.keys(SettingsSchema.shape) as SettingKey[];

/** A change to some settings: only known keys, each checked by the same schema. */
export const SettingsPatchSchema = SettingsSchema.partial().strict();
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;

/** Settings the shop starts with; the seed writes them once and never overwrites an operator's. */
export const DEFAULT_SETTINGS: Settings = {
  shopName: 'Sunward',
  companyZipCode: '28202',
  returnAddress: {
    company: 'Sunward Returns',
    line1: '600 S Tryon St',
    city: 'Charlotte',
    state: 'NC',
    zip: '28202',
  },
  freeShippingTarget: 10_000,
  shirtWeightOz: 6,
  rateCard: DEFAULT_RATE_CARD,
  nexusStates: [...DEFAULT_NEXUS_STATES],
  taxRateOverrides: {},
  clothingExemptionOverrides: {},
};
