/** The US ZIP database of the `zipcodes` package: the offline address check and rate zones use it. */
import zipcodes from 'zipcodes';

/** The ZIP's entry (city, state, latitude and longitude), or undefined when no US ZIP has that code. */
export function lookupZip(zip: string) {
  const entry = zipcodes.lookup(zip.slice(0, 5));
  return entry && entry.country === 'US' ? entry : undefined;
}
