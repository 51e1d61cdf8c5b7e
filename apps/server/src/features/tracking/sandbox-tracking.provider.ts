/**
 * The sandbox carrier (docs/decisions/040): a parcel moves through accepted, 1 to 3 in-transit scans at
 * US facilities, out for delivery and delivered, on a schedule that depends only on its tracking number
 * and the time it was handed over: accepted 1 to 6 hours after, delivered 2 to 5 days after, each scan
 * later than the one before. Asked at `now`, it answers the scans dated up to `now`; the clock is the
 * caller's (tests move it by hand). Its day can be shorter than a real one (SANDBOX_CARRIER_DAY_MS): a
 * demo or a browser journey watches a parcel go from accepted to delivered in seconds, each scan at the
 * same fraction of its schedule as in days.
 */
import { createHash } from 'node:crypto';
import type { CarrierScan, ParcelQuery, Place, TrackingProvider } from './tracking-provider.ts';

/** A real day, in milliseconds: the sandbox's schedule unless its day is made shorter. */
export const REAL_DAY_MS = 86_400_000;

/** USPS's regional processing facilities (Processing and Distribution Centers), as USPS names the places. */
export const SANDBOX_FACILITIES = [
  { city: 'ATLANTA', state: 'GA', zip: '30320' },
  { city: 'CHARLOTTE', state: 'NC', zip: '28228' },
  { city: 'GREENSBORO', state: 'NC', zip: '27498' },
  { city: 'JACKSONVILLE', state: 'FL', zip: '32099' },
  { city: 'MEMPHIS', state: 'TN', zip: '38118' },
  { city: 'INDIANAPOLIS', state: 'IN', zip: '46241' },
  { city: 'CHICAGO', state: 'IL', zip: '60699' },
  { city: 'DALLAS', state: 'TX', zip: '75260' },
  { city: 'DENVER', state: 'CO', zip: '80266' },
  { city: 'PHOENIX', state: 'AZ', zip: '85026' },
  { city: 'SACRAMENTO', state: 'CA', zip: '95813' },
  { city: 'SEATTLE', state: 'WA', zip: '98168' },
  { city: 'PHILADELPHIA', state: 'PA', zip: '19176' },
  { city: 'KEARNY', state: 'NJ', zip: '07032' },
] as const;

/** The shop's origin: parcels are accepted at Raleigh, NC. */
const ORIGIN = { city: 'RALEIGH', state: 'NC', zip: '27676' };

/** A generator of numbers in [0, 1), the same for the same seed (a hash of the tracking number). */
function seeded(seed: string): () => number {
  let counter = 0;
  return () => {
    const hash = createHash('sha256').update(`${seed}:${counter++}`).digest();
    return hash.readUInt32BE(0) / 0x1_0000_0000;
  };
}

/**
 * Rounded down to the second, as carriers date their scans; to the millisecond on a shortened day,
 * where several scans fall within one second and must stay in order.
 */
const isoOn = (dayMs: number) => (ms: number) =>
  new Date(dayMs >= REAL_DAY_MS ? Math.floor(ms / 1000) * 1000 : Math.floor(ms)).toISOString();

/** Whole milliseconds (a shortened day makes fractions). */
const between = (random: () => number, min: number, max: number) =>
  Math.floor(min + random() * (Math.floor(max) - Math.floor(min) + 1));

/**
 * The parcel's whole schedule, delivered included, whatever the time now. With a destination, the
 * post office scan, out for delivery and delivered are there (the times do not depend on it).
 */
export function sandboxSchedule(
  parcel: Pick<ParcelQuery, 'trackingNumber' | 'shippedAt' | 'destination'>,
  dayMs: number = REAL_DAY_MS,
): CarrierScan[] {
  const DAY = dayMs;
  const HOUR = DAY / 24;
  const iso = isoOn(dayMs);
  const destination: Place | null = parcel.destination
    ? { ...parcel.destination, city: parcel.destination.city.toUpperCase() }
    : null;
  const random = seeded(parcel.trackingNumber);
  const start = new Date(parcel.shippedAt).getTime();
  const acceptedAt = start + between(random, 1 * HOUR, 6 * HOUR);
  const days = Math.floor(2 + random() * 4);
  // Delivered `days` days after the handover, up to 6 hours later in the day; out for delivery 2 to 5
  // hours before.
  const deliveredAt = start + days * DAY + between(random, 0, 6 * HOUR);
  const outAt = deliveredAt - between(random, 2 * HOUR, 5 * HOUR);
  const transits = between(random, 1, 3);
  const scans: CarrierScan[] = [
    {
      at: iso(acceptedAt),
      code: 'OA',
      description: 'Accepted at USPS Origin Facility',
      ...ORIGIN,
      delivered: false,
    },
  ];
  // The in-transit scans spread between acceptance and out for delivery, each in a later slot.
  const span = outAt - acceptedAt;
  const facilities = [...SANDBOX_FACILITIES];
  for (let i = 0; i < transits; i++) {
    const slotStart = acceptedAt + (span * (i + 0.15)) / (transits + 0.3);
    const at = slotStart + random() * (span / (transits + 0.3)) * 0.7;
    const [drawn] = facilities.splice(between(random, 0, facilities.length - 1), 1);
    const facility = i === transits - 1 && destination ? destination : drawn;
    scans.push({
      at: iso(at),
      code: i === transits - 1 ? '07' : '10',
      description:
        i === transits - 1 ? 'Arrived at Post Office' : 'Arrived at USPS Regional Facility',
      city: facility!.city,
      state: facility!.state,
      zip: facility!.zip,
      delivered: false,
    });
  }
  const last = scans.at(-1)!;
  scans.push(
    {
      at: iso(outAt),
      code: 'OF',
      description: 'Out for Delivery',
      city: last.city,
      state: last.state,
      zip: last.zip,
      delivered: false,
    },
    {
      at: iso(deliveredAt),
      code: '01',
      description: 'Delivered, In/At Mailbox',
      city: last.city,
      state: last.state,
      zip: last.zip,
      delivered: true,
    },
  );
  return scans;
}

/** The sandbox carrier, its day `dayMs` long (a real day unless told). */
export function createSandboxTrackingProvider(dayMs: number = REAL_DAY_MS): TrackingProvider {
  return {
    name: 'sandbox',
    follows: () => true,
    track(parcel, now) {
      const until = now.getTime();
      return Promise.resolve(
        sandboxSchedule(parcel, dayMs).filter((s) => new Date(s.at).getTime() <= until),
      );
    },
  };
}

export const sandboxTrackingProvider: TrackingProvider = createSandboxTrackingProvider();
