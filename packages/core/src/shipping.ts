/**
 * Offline USPS shipping: the zone from the distance between two ZIPs, and the price for a zone and a
 * weight from a rate card. Pure functions over integer cents and ounces.
 */
import type { Cents } from './money.ts';

export const SHIPPING_OPTIONS = ['ground', 'priority'] as const;
export type ShippingOption = (typeof SHIPPING_OPTIONS)[number];

export const SHIPPING_OPTION_LABELS: Record<ShippingOption, string> = {
  ground: 'USPS Ground Advantage',
  priority: 'USPS Priority Mail',
};

/** Zone 9: the freely associated states and Pacific territories (USPS zone 9 ZIP ranges). */
export const ZONE_9_STATES: readonly string[] = ['GU', 'AS', 'MP', 'PW', 'FM', 'MH'];

/**
 * USPS zone bands by distance in miles (Domestic Mail Manual, zone chart rules): zone 1 up to 50 miles,
 * 2 up to 150, 3 up to 300, 4 up to 600, 5 up to 1000, 6 up to 1400, 7 up to 1800, 8 beyond.
 */
export const ZONE_BANDS: readonly { zone: number; maxMiles: number }[] = [
  { zone: 1, maxMiles: 50 },
  { zone: 2, maxMiles: 150 },
  { zone: 3, maxMiles: 300 },
  { zone: 4, maxMiles: 600 },
  { zone: 5, maxMiles: 1000 },
  { zone: 6, maxMiles: 1400 },
  { zone: 7, maxMiles: 1800 },
];

export function zoneForMiles(miles: number): number {
  if (!Number.isFinite(miles) || miles < 0) throw new RangeError(`Not a distance: ${miles}`);
  return ZONE_BANDS.find((b) => miles <= b.maxMiles)?.zone ?? 8;
}

export interface LatLong {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in statute miles (haversine, mean Earth radius 3958.8 miles). */
export function distanceMiles(a: LatLong, b: LatLong): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** One weight step of a rate card: prices for zones 1..9 (index 0 is zone 1), in cents. */
export interface RateTier {
  maxOz: number;
  zones: Cents[];
}

export interface RateCard {
  /** Where the figures come from (shown in the console next to the table). */
  source: string;
  ground: RateTier[];
  priority: RateTier[];
}

const g = (maxOz: number, ...zones: Cents[]): RateTier => ({ maxOz, zones });

/**
 * The shop's own rate card, modelled on USPS retail Ground Advantage and Priority Mail prices of 2025.
 * It is not an official USPS price list: operators check it against USPS Notice 123 and edit it in the
 * console (setting `rateCard`).
 */
export const DEFAULT_RATE_CARD: RateCard = {
  source:
    "Sunward's own table, modelled on USPS retail prices for Ground Advantage and Priority Mail " +
    '(USPS Notice 123, 2025); not an official USPS price list. Check and edit it in the console.',
  ground: [
    g(4, 560, 575, 590, 610, 640, 665, 690, 740, 740),
    g(8, 620, 635, 650, 680, 720, 760, 790, 850, 850),
    g(12, 770, 790, 820, 870, 930, 990, 1050, 1130, 1130),
    g(16, 915, 940, 985, 1060, 1150, 1245, 1340, 1460, 1460),
    g(32, 1020, 1060, 1135, 1300, 1510, 1690, 1905, 2125, 2125),
    g(48, 1080, 1140, 1250, 1480, 1790, 2080, 2380, 2710, 2710),
    g(64, 1135, 1205, 1360, 1665, 2080, 2450, 2860, 3260, 3260),
    g(80, 1185, 1265, 1465, 1850, 2360, 2830, 3340, 3820, 3820),
    g(160, 1540, 1700, 2050, 2830, 3800, 4700, 5650, 6480, 6480),
    g(320, 2390, 2720, 3380, 4820, 6650, 8350, 10100, 11650, 11650),
    g(1120, 5900, 6850, 8700, 12800, 18400, 23300, 28100, 32500, 32500),
  ],
  priority: [
    g(16, 990, 1040, 1115, 1235, 1380, 1525, 1695, 1880, 2850),
    g(32, 1095, 1165, 1280, 1525, 1840, 2135, 2445, 2830, 3950),
    g(48, 1180, 1275, 1440, 1800, 2280, 2700, 3160, 3660, 5000),
    g(64, 1265, 1385, 1600, 2080, 2710, 3270, 3870, 4480, 6050),
    g(80, 1350, 1495, 1760, 2350, 3140, 3830, 4590, 5300, 7100),
    g(160, 1830, 2110, 2640, 3870, 5480, 6900, 8450, 9750, 12900),
    g(320, 2850, 3400, 4480, 6950, 10200, 13000, 16100, 18600, 24500),
    g(1120, 7800, 9700, 13300, 21600, 32400, 41700, 52000, 60300, 79000),
  ],
};

function tierPrice(tiers: readonly RateTier[], zone: number, weightOz: number): Cents {
  const tier = tiers.find((t) => weightOz <= t.maxOz);
  if (!tier) throw new RangeError(`No tier for ${weightOz} oz`);
  const price = tier.zones[zone - 1];
  if (price === undefined) throw new RangeError(`No price for zone ${zone}`);
  return price;
}

/**
 * Price of one shipment. Weight goes to the first tier whose limit is at least the weight. A shipment
 * heavier than the last tier is split into full parcels of the last tier plus one for the remainder.
 */
export function ratePrice(
  card: RateCard,
  option: ShippingOption,
  zone: number,
  weightOz: number,
): Cents {
  if (!Number.isInteger(zone) || zone < 1 || zone > 9) throw new RangeError(`Bad zone ${zone}`);
  if (!(weightOz > 0)) throw new RangeError(`Bad weight ${weightOz}`);
  const tiers = card[option];
  const last = tiers[tiers.length - 1];
  if (!last) throw new RangeError(`Empty rate card for ${option}`);
  if (weightOz <= last.maxOz) return tierPrice(tiers, zone, weightOz);
  const full = Math.floor(weightOz / last.maxOz);
  const rest = weightOz - full * last.maxOz;
  return full * tierPrice(tiers, zone, last.maxOz) + (rest > 0 ? tierPrice(tiers, zone, rest) : 0);
}

export interface ShippingQuote {
  ground: Cents;
  priority: Cents;
}

export function quoteForZone(card: RateCard, zone: number, weightOz: number): ShippingQuote {
  return {
    ground: ratePrice(card, 'ground', zone, weightOz),
    priority: ratePrice(card, 'priority', zone, weightOz),
  };
}

/** Spec 9: ground is free when the subtotal reaches freeShippingTarget. Priority is always charged. */
export function qualifiesForFreeGround(subtotal: Cents, freeShippingTarget: Cents): boolean {
  return subtotal >= freeShippingTarget;
}

export function shippingCharge(
  option: ShippingOption,
  quote: ShippingQuote,
  subtotal: Cents,
  freeShippingTarget: Cents,
): Cents {
  if (option === 'ground' && qualifiesForFreeGround(subtotal, freeShippingTarget)) return 0;
  return quote[option];
}

/** The bag's "Your $X Away" figure: what is left to reach free shipping, never below 0. */
export function amountToFreeShipping(subtotal: Cents, freeShippingTarget: Cents): Cents {
  return Math.max(0, freeShippingTarget - subtotal);
}
