/**
 * Settings the shop starts with. Operators change them in the console; the seed never overwrites them.
 * Checkout adds its own defaults here (rate card, tax table, nexus states, shirt weight).
 */
export const DEFAULT_SETTINGS = {
  shopName: 'Sunward',
  companyZipCode: '28202',
  freeShippingTarget: 10000,
} as const satisfies Record<string, unknown>;
