import { DEFAULT_RATE_CARD } from '@sunward/core/shipping';
import { DEFAULT_NEXUS_STATES } from '@sunward/core/tax';

/**
 * Settings the shop starts with. Operators change them in the console; the seed never overwrites them.
 * Checkout adds its own defaults here (rate card, tax table, nexus states, shirt weight).
 */
export const DEFAULT_SETTINGS = {
  shopName: 'Sunward',
  companyZipCode: '28202',
  freeShippingTarget: 10000,
  /** Weight of one shirt as packed, in ounces; the parcel weight is this times the shirt count. */
  shirtWeightOz: 6,
  /** Offline USPS prices in cents by zone (1-9) and weight tier; `source` names the figures' origin. */
  rateCard: DEFAULT_RATE_CARD,
  /** States where the shop collects sales tax (default: North Carolina, where the shop is). */
  nexusStates: [...DEFAULT_NEXUS_STATES],
  /** State rate overrides in parts per million over the table in packages/core/src/tax.ts. */
  taxRateOverrides: {} as Record<string, number>,
  /** Clothing exemption overrides per state (null removes the built-in exemption). */
  clothingExemptionOverrides: {} as Record<string, unknown>,
} as const satisfies Record<string, unknown>;
