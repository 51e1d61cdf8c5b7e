/**
 * Local sales tax by destination (issue 28 item 2) for the states where the shop collects and that
 * add county or transit rates to the state's: a state's table names each county's rate and, where a
 * transit tax applies, its rate, in parts per million. The state's own rate stays in tax.ts
 * (STATE_TAX_RATES_PPM); the combined rate of an address is the state's plus its county's parts.
 *
 * Another nexus state is added by the same shape: its counties (as the ZIP table names them:
 * features/usps/zip-lookup.ts) with their rates, the source and the date the rates took effect.
 */

export interface CountyRates {
  /** The county's general rate (NC: Articles 39, 40 and 42, and 46 where levied). */
  countyPpm: number;
  /** The public transportation tax, where the county levies it. */
  transitPpm?: number;
}

export interface LocalTaxTable {
  stateName: string;
  /** Where the figures come from and since when they hold. */
  source: string;
  effective: string;
  counties: Readonly<Record<string, CountyRates>>;
}

const C2 = { countyPpm: 20_000 } as const;
const C225 = { countyPpm: 22_500 } as const;

/**
 * North Carolina, the shop's home state: 4.75% state rate, 2% local in every county, 0.25% more where
 * the county levies Article 46, 0.5% transit in Durham, Mecklenburg, Orange and Wake. Combined, as
 * NCDOR lists them: 6.75%, 7%, 7.25% (Mecklenburg, Wake) or 7.5% (Durham, Orange).
 */
// prettier-ignore
export const NC_LOCAL_TAX: LocalTaxTable = {
  stateName: 'North Carolina',
  source: 'NC Department of Revenue, "Sales and Use Tax Rates Effective July 1, 2024" (current list)',
  effective: '2024-07-01',
  counties: {
    Alamance: C2, Alexander: C225, Alleghany: C225, Anson: C225, Ashe: C225, Avery: C2,
    Beaufort: C2, Bertie: C225, Bladen: C2, Brunswick: C2, Buncombe: C225, Burke: C2,
    Cabarrus: C225, Caldwell: C2, Camden: C2, Carteret: C2, Caswell: C2, Catawba: C225,
    Chatham: C225, Cherokee: C225, Chowan: C2, Clay: C225, Cleveland: C2, Columbus: C2,
    Craven: C2, Cumberland: C225, Currituck: C2, Dare: C2, Davidson: C225, Davie: C2,
    Duplin: C225, Durham: { countyPpm: 22_500, transitPpm: 5_000 }, Edgecombe: C225,
    Forsyth: C225, Franklin: C2, Gaston: C225, Gates: C2, Graham: C225, Granville: C2,
    Greene: C225, Guilford: C2, Halifax: C225, Harnett: C225, Haywood: C225, Henderson: C2,
    Hertford: C225, Hoke: C2, Hyde: C2, Iredell: C2, Jackson: C225, Johnston: C2, Jones: C225,
    Lee: C225, Lenoir: C2, Lincoln: C225, Macon: C2, Madison: C225, Martin: C225, McDowell: C2,
    Mecklenburg: { countyPpm: 20_000, transitPpm: 5_000 }, Mitchell: C2, Montgomery: C225,
    Moore: C225, Nash: C2, 'New Hanover': C225, Northampton: C2, Onslow: C225,
    Orange: { countyPpm: 22_500, transitPpm: 5_000 }, Pamlico: C2, Pasquotank: C225, Pender: C2,
    Perquimans: C2, Person: C2, Pitt: C225, Polk: C2, Randolph: C225, Richmond: C2,
    Robeson: C225, Rockingham: C225, Rowan: C225, Rutherford: C225, Sampson: C225,
    Scotland: C2, Stanly: C225, Stokes: C2, Surry: C225, Swain: C225, Transylvania: C2,
    Tyrrell: C2, Union: C2, Vance: C2, Wake: { countyPpm: 20_000, transitPpm: 5_000 },
    Warren: C2, Washington: C225, Watauga: C2, Wayne: C2, Wilkes: C225, Wilson: C2,
    Yadkin: C2, Yancey: C2,
  },
};

/** The built-in local tables, by state. */
export const LOCAL_SALES_TAX: Readonly<Record<string, LocalTaxTable>> = { NC: NC_LOCAL_TAX };
