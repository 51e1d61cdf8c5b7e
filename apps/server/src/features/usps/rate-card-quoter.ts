/**
 * The offline rate quoter (the default, without USPS credentials): the zone from the distance between
 * the two ZIPs, the price from the settings' rate card (core/shipping.ts holds the zone bands and the
 * card's arithmetic).
 */
import { ZONE_9_STATES, distanceMiles, quoteForZone, zoneForMiles } from '@sunward/core/shipping';
import type { QuoteResult, RateQuoter } from './usps.types.ts';
import { lookupZip } from './zip-lookup.ts';

export function zoneBetween(fromZip: string, toZip: string): number | { badZip: string } {
  const from = lookupZip(fromZip);
  if (!from) return { badZip: fromZip };
  const to = lookupZip(toZip);
  if (!to) return { badZip: toZip };
  if (ZONE_9_STATES.includes(to.state) || ZONE_9_STATES.includes(from.state)) return 9;
  return zoneForMiles(distanceMiles(from, to));
}

export const rateCardQuoter: RateQuoter = {
  name: 'offline',
  quote({ fromZip, toZip, weightOz, rateCard }): Promise<QuoteResult> {
    const zone = zoneBetween(fromZip, toZip);
    if (typeof zone !== 'number') {
      return Promise.resolve({
        ok: false,
        code: 'bad_zip',
        message: `The ZIP code ${zone.badZip} does not exist.`,
      });
    }
    return Promise.resolve({ ok: true, zone, ...quoteForZone(rateCard, zone, weightOz) });
  },
};
