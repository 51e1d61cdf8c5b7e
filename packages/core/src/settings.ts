/**
 * The shop's settings (operators change them in the console): their defaults and the one schema that
 * checks them, on the way into the database and on the way out. The server's settings module
 * (apps/server/src/features/settings) loads and saves them, and answers the console's form with this
 * schema's messages, next to the field each names (the issue's path: `returnAddress.zip`,
 * `rateCard.ground.2.zones.4`, `taxRateOverrides.NC`). Every message says what is wrong and what is
 * accepted, in the operator's words (dollars, percent, ounces), since the console shows them as they are.
 */
import { z } from 'zod';
import { formatMoney } from './money.ts';
import { DEFAULT_RATE_CARD, SHIPPING_OPTION_LABELS, type ShippingOption } from './shipping.ts';
import { DEFAULT_NEXUS_STATES } from './tax.ts';
import { US_STATE_NAMES } from './us-states.ts';

/** The most an operator may set as the free-shipping target, one rate-card price or an exemption limit. */
export const MAX_FREE_SHIPPING_TARGET = 100_000;
export const MAX_RATE_PRICE = 100_000;
export const MAX_EXEMPTION_LIMIT = 1_000_000;
/** The highest sales-tax rate the console accepts, in parts per million (15%). */
export const MAX_TAX_RATE_PPM = 150_000;
export const MAX_SHIRT_WEIGHT_OZ = 160;

export const isUsStateCode = (code: unknown): code is string =>
  typeof code === 'string' && Object.hasOwn(US_STATE_NAMES, code);

const notAState = (code: unknown) =>
  `${JSON.stringify(code)} is not a US state code (use two capital letters, as NC).`;

const StateCodeSchema = z.string().refine(isUsStateCode, { error: (iss) => notAState(iss.input) });

const zipSchema = (what: string) =>
  z
    .string({ error: `${what} must be 5 digits, as 28202.` })
    .regex(/^\d{5}$/, { error: (iss) => `ZIP ${String(iss.input)} is not a 5-digit ZIP.` });

/** Whole cents from $0.00 to `max`, with one message for every way a value can miss. */
const dollarAmount = (message: string, max: number) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(0, { error: message })
    .max(max, { error: message });

const RateTierSchema = z.object({ maxOz: z.number(), zones: z.array(z.number()) });

const percent = (ppm: number) => `${ppm / 10_000}%`;

/**
 * One service's weight tiers, checked with messages that name the service, the tier and the zone:
 * "USPS Ground Advantage up to 12 oz: give a price for each of zones 1-9 (8 given)."
 */
function tiersSchema(option: ShippingOption) {
  const label = SHIPPING_OPTION_LABELS[option];
  return z.array(RateTierSchema).superRefine((tiers, ctx) => {
    if (tiers.length === 0) {
      ctx.addIssue({ code: 'custom', message: `${label} needs at least one weight tier.` });
      return;
    }
    tiers.forEach((tier, i) => {
      const upTo = `${label} up to ${tier.maxOz} oz`;
      if (!(tier.maxOz > 0) || tier.maxOz > 1_120) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'maxOz'],
          message: `${label}, tier ${i + 1}: the weight limit must be more than 0 and at most 1,120 oz (70 lb).`,
        });
      }
      const previous = tiers[i - 1];
      if (previous && !(tier.maxOz > previous.maxOz)) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'maxOz'],
          message: `${label}: list the weight tiers from the lightest up (${tier.maxOz} oz comes after ${previous.maxOz} oz).`,
        });
      }
      if (tier.zones.length !== 9) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'zones'],
          message: `${upTo}: give a price for each of zones 1-9 (${tier.zones.length} given).`,
        });
      }
      tier.zones.forEach((price, z) => {
        if (!Number.isInteger(price) || price < 0 || price > MAX_RATE_PRICE) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'zones', z],
            message: `${upTo}, zone ${z + 1}: the price must be a dollar amount from $0.00 to ${formatMoney(MAX_RATE_PRICE)}.`,
          });
        }
      });
    });
  });
}

export const RateCardSchema = z.object({
  source: z.string().max(500, 'Keep the rate card’s source to 500 characters.'),
  ground: tiersSchema('ground'),
  priority: tiersSchema('priority'),
});

/** Where customers send returns: printed as the TO address of every return label. */
export const ReturnAddressSchema = z.object({
  company: z
    .string()
    .trim()
    .min(1, 'Give the company name returns are addressed to.')
    .max(80, 'Keep the company name to 80 characters.'),
  line1: z
    .string()
    .trim()
    .min(1, 'Give the street address.')
    .max(100, 'Keep the street address to 100 characters.'),
  city: z.string().trim().min(1, 'Give the city.').max(60, 'Keep the city to 60 characters.'),
  state: StateCodeSchema,
  zip: zipSchema('The return ZIP'),
});
export type ReturnAddress = z.infer<typeof ReturnAddressSchema>;

const exemptionLimit = dollarAmount(
  `The exemption limit must be a dollar amount from $0.00 to ${formatMoney(MAX_EXEMPTION_LIMIT)}.`,
  MAX_EXEMPTION_LIMIT,
);
export const ClothingExemptionSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('full') }),
    z.object({ kind: z.literal('below'), limitCents: exemptionLimit }),
    z.object({ kind: z.literal('allowance'), limitCents: exemptionLimit }),
  ],
  { error: 'Choose the exemption: full, below a limit, or an allowance.' },
);

/** A record keyed by state code: each key checked, with the key as the path of its message. */
function byStateSchema<T extends z.ZodType>(
  value: T,
  check?: (state: string, v: z.output<T>) => string | null,
) {
  return z.record(z.string(), value).superRefine((record, ctx) => {
    for (const [state, v] of Object.entries(record)) {
      if (!isUsStateCode(state)) {
        ctx.addIssue({ code: 'custom', path: [state], message: notAState(state) });
        continue;
      }
      const wrong = check?.(state, v);
      if (wrong) ctx.addIssue({ code: 'custom', path: [state], message: wrong });
    }
  });
}

const freeShippingMessage = `Free-shipping target must be a dollar amount from $0.00 to ${formatMoney(MAX_FREE_SHIPPING_TARGET)}.`;
const weightMessage = `Shirt weight must be more than 0 and at most ${MAX_SHIRT_WEIGHT_OZ} ounces.`;

/** A week: a reminder later than that reminds of a bag nobody remembers. */
export const MAX_REMINDER_DELAY_MINUTES = 7 * 24 * 60;
const reminderDelayMessage = `The reminder delay must be a whole number of minutes from 0 (no reminders) to ${MAX_REMINDER_DELAY_MINUTES}.`;

export const SettingsSchema = z.object({
  shopName: z
    .string()
    .trim()
    .min(1, 'Give the shop a name.')
    .max(80, 'Keep the shop name to 80 characters.'),
  /** The address shown in the footer and in every email (SUPPORT_EMAIL seeds it). */
  supportEmail: z
    .string({ error: 'Give the support email address.' })
    .trim()
    .max(254, 'Keep the support email to 254 characters.')
    .pipe(z.email({ error: (iss) => `${JSON.stringify(iss.input)} is not an email address.` })),
  /** Where parcels ship from: the origin of every USPS quote. */
  companyZipCode: zipSchema('The company ZIP'),
  /** The TO address of return labels (the embedded label and USPS's). */
  returnAddress: ReturnAddressSchema,
  /** Cents; a bag at or over it ships free by Ground. */
  freeShippingTarget: dollarAmount(freeShippingMessage, MAX_FREE_SHIPPING_TARGET),
  /** Weight of one shirt as packed, in ounces; the parcel weight is this times the shirt count. */
  shirtWeightOz: z
    .number({ error: weightMessage })
    .positive({ error: weightMessage })
    .max(MAX_SHIRT_WEIGHT_OZ, { error: weightMessage }),
  /** Offline USPS prices in cents by zone (1-9) and weight tier; `source` names the figures' origin. */
  rateCard: RateCardSchema,
  /** States where the shop collects sales tax. */
  nexusStates: z.array(z.string()).superRefine((states, ctx) => {
    states.forEach((state, i) => {
      if (!isUsStateCode(state)) {
        ctx.addIssue({ code: 'custom', path: [i], message: notAState(state) });
      } else if (states.indexOf(state) !== i) {
        ctx.addIssue({ code: 'custom', path: [i], message: `${state} is listed twice.` });
      }
    });
  }),
  /** State rate overrides in parts per million (7.25% = 72500) over the table in tax.ts. */
  taxRateOverrides: byStateSchema(
    z.number({ error: 'Give the tax rate in parts per million (7.25% = 72500).' }),
    (state, ppm) =>
      Number.isInteger(ppm) && ppm >= 0 && ppm <= MAX_TAX_RATE_PPM
        ? null
        : `${state}: the tax rate must be from 0% to ${percent(MAX_TAX_RATE_PPM)} (given ${percent(ppm)}).`,
  ),
  /** Clothing exemption overrides per state (null removes the built-in exemption). */
  clothingExemptionOverrides: byStateSchema(ClothingExemptionSchema.nullable()),
  /**
   * Minutes a checkout with an email and the shopper's consent waits, idle, before its one bag
   * reminder (docs/decisions/044); 0 sends none.
   */
  bagReminderDelayMinutes: z
    .number({ error: reminderDelayMessage })
    .int({ error: reminderDelayMessage })
    .min(0, { error: reminderDelayMessage })
    .max(MAX_REMINDER_DELAY_MINUTES, { error: reminderDelayMessage }),
});
export type Settings = z.infer<typeof SettingsSchema>;
export type SettingKey = keyof Settings;
export const SETTING_KEYS = Object.keys(SettingsSchema.shape) as SettingKey[];

/** A change to some settings: only known keys, each checked by the same schema. */
export const SettingsPatchSchema = SettingsSchema.partial().strict();
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;

/** GET and PATCH /api/admin/settings answer: every setting, and any stored value that is not valid. */
export const ConsoleSettingsSchema = z.object({
  settings: SettingsSchema,
  issues: z
    .array(z.object({ key: z.string(), reason: z.string() }))
    .describe('Stored values that are not valid; their defaults are in `settings` meanwhile'),
});
export type ConsoleSettings = z.infer<typeof ConsoleSettingsSchema>;

/** Settings the shop starts with; the seed writes them once and never overwrites an operator's. */
export const DEFAULT_SETTINGS: Settings = {
  shopName: 'Sunward',
  supportEmail: 'support@sunward.com',
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
  bagReminderDelayMinutes: 60,
};
