/**
 * The carriers an operator may ship with (issue 15: "carrier and tracking number required"), and the
 * public tracking page of a package. USPS is the shop's own carrier (its labels and rates); the others
 * cover a parcel an operator sends another way. A tracking number is the carrier's: letters and digits,
 * spaces ignored, 8 to 40 characters.
 */
export const CARRIERS = ['usps', 'ups', 'fedex', 'dhl'] as const;
export type Carrier = (typeof CARRIERS)[number];

export const CARRIER_NAMES: Record<Carrier, string> = {
  usps: 'USPS',
  ups: 'UPS',
  fedex: 'FedEx',
  dhl: 'DHL',
};

const TRACKING_PAGES: Record<Carrier, (tracking: string) => string> = {
  usps: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  ups: (n) => `https://www.ups.com/track?tracknum=${n}`,
  fedex: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  dhl: (n) => `https://www.dhl.com/us-en/home/tracking.html?tracking-id=${n}`,
};

export function isCarrier(value: string): value is Carrier {
  return (CARRIERS as readonly string[]).includes(value);
}

/** The tracking number as carriers print it: upper case, no spaces. */
export function normalizeTracking(tracking: string): string {
  return tracking.replace(/\s+/g, '').toUpperCase();
}

export const TRACKING_MESSAGE =
  'A tracking number is 8 to 40 letters and digits (spaces are ignored).';

/** A normalized tracking number. */
export const TRACKING_PATTERN = /^[A-Z0-9]{8,40}$/;

export const CARRIER_MESSAGE = `The carrier is one of ${CARRIERS.map((c) => CARRIER_NAMES[c]).join(', ')}.`;

/** The tracking number normalized, or null when it is not one. */
export function parseTracking(input: string): string | null {
  const tracking = normalizeTracking(input);
  return TRACKING_PATTERN.test(tracking) ? tracking : null;
}

/**
 * The carrier's public tracking page for a number. Orders shipped before carriers were recorded (no
 * carrier) went by USPS, the shop's only carrier then.
 */
export function trackingUrl(carrier: string | null, tracking: string): string {
  const page = TRACKING_PAGES[carrier !== null && isCarrier(carrier) ? carrier : 'usps'];
  return page(encodeURIComponent(tracking.trim()));
}
