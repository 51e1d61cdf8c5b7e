/** Types for the `zipcodes` package (a US/Canada ZIP database with coordinates; no bundled types). */
declare module 'zipcodes' {
  export interface ZipEntry {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: {
    lookup(zip: string | number): ZipEntry | undefined;
    lookupByName(city: string, state: string): ZipEntry[];
    distance(a: string | number, b: string | number): number | null;
  };
  export default zipcodes;
}
