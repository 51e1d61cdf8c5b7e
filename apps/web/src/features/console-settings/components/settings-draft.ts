/**
 * The settings form's text, and the settings it stands for. Operators type dollars, ounces and
 * percent; the API takes cents, ounces and parts per million. A field that does not read as its kind of
 * number is passed on as typed, so core's message for that field says what is wrong (nothing is
 * rounded or guessed). The text has the settings' shape, so a message's path (`rateCard.ground.2.zones.4`,
 * `taxRateOverrides.NC`), the form's or the server's, names its field.
 */
import { z } from 'zod';
import { SettingsSchema, type Settings } from '@sunward/core/settings';
import { dollarsText, parseDollars } from '@/shared/console/dollar-input.ts';

export interface TierDraft {
  maxOz: string;
  zones: string[];
}

export interface SettingsDraft {
  shopName: string;
  supportEmail: string;
  companyZipCode: string;
  freeShippingTarget: string;
  shirtWeightOz: string;
  bagReminderDelayMinutes: string;
  returnAddress: Settings['returnAddress'];
  rateCard: { source: string; ground: TierDraft[]; priority: TierDraft[] };
  nexusStates: string[];
  /** The shop's own rate per state, in percent; a state not listed (or empty) uses the state's rate. */
  taxRateOverrides: Record<string, string>;
}

export type RateOption = 'ground' | 'priority';

/** Parts per million as percent text: 72500 -> "7.25". */
export const percentText = (ppm: number) => String(ppm / 10_000);

export function toDraft(settings: Settings): SettingsDraft {
  const tiers = (list: Settings['rateCard']['ground']) =>
    list.map((t) => ({ maxOz: String(t.maxOz), zones: t.zones.map(dollarsText) }));
  return {
    shopName: settings.shopName,
    supportEmail: settings.supportEmail,
    companyZipCode: settings.companyZipCode,
    freeShippingTarget: dollarsText(settings.freeShippingTarget),
    shirtWeightOz: String(settings.shirtWeightOz),
    bagReminderDelayMinutes: String(settings.bagReminderDelayMinutes),
    returnAddress: { ...settings.returnAddress },
    rateCard: {
      source: settings.rateCard.source,
      ground: tiers(settings.rateCard.ground),
      priority: tiers(settings.rateCard.priority),
    },
    nexusStates: [...settings.nexusStates],
    taxRateOverrides: Object.fromEntries(
      Object.entries(settings.taxRateOverrides).map(([state, ppm]) => [state, percentText(ppm)]),
    ),
  };
}

const cents = (text: string) => parseDollars(text) ?? text;
const decimal = (text: string) => (/^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text);
/** "7.25" -> 72500, exactly (at most four decimals); anything else as typed. */
const ppm = (text: string) => {
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(text.trim());
  return match ? Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0')) : text;
};

/** The settings the form stands for (numbers where the text reads as one). */
export function fromDraft(draft: SettingsDraft, loaded: Settings): Record<string, unknown> {
  const tiers = (list: TierDraft[]) =>
    list.map((t) => ({ maxOz: decimal(t.maxOz), zones: t.zones.map(cents) }));
  return {
    shopName: draft.shopName,
    supportEmail: draft.supportEmail,
    companyZipCode: draft.companyZipCode.trim(),
    freeShippingTarget: cents(draft.freeShippingTarget),
    shirtWeightOz: decimal(draft.shirtWeightOz),
    bagReminderDelayMinutes: decimal(draft.bagReminderDelayMinutes),
    returnAddress: { ...draft.returnAddress, zip: draft.returnAddress.zip.trim() },
    rateCard: {
      source: draft.rateCard.source,
      ground: tiers(draft.rateCard.ground),
      priority: tiers(draft.rateCard.priority),
    },
    nexusStates: draft.nexusStates,
    taxRateOverrides: Object.fromEntries(
      Object.entries(draft.taxRateOverrides)
        .filter(([, text]) => text.trim() !== '')
        .map(([state, text]) => [state, ppm(text)]),
    ),
    clothingExemptionOverrides: loaded.clothingExemptionOverrides,
  };
}

/**
 * What to send: each setting whose value differs from the loaded one, and every setting whose stored
 * value was not valid (so saving replaces it).
 */
export function changedSettings(
  draft: SettingsDraft,
  loaded: Settings,
  broken: readonly string[] = [],
): Record<string, unknown> {
  const values = fromDraft(draft, loaded);
  return Object.fromEntries(
    Object.entries(values).filter(
      ([key, value]) =>
        broken.includes(key) ||
        JSON.stringify(value) !== JSON.stringify(loaded[key as keyof Settings]),
    ),
  );
}

/**
 * The form's check: the text read as settings (fromDraft), then core's SettingsSchema, the one the
 * server checks a change with, so each message is the server's own and lands on its field.
 */
export const settingsFormSchema = (loaded: Settings) =>
  z
    .custom<SettingsDraft>()
    .transform((draft) => fromDraft(draft, loaded))
    .pipe(SettingsSchema);
