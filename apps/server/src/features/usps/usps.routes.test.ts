import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { address } from '../checkout/checkout.factories.ts';

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe.each(DATABASE_KINDS)('USPS calls (offline) on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  const check = (a: unknown) => t.request('GET', `/api/usps/address-check/${enc(a)}`);

  it('normalises a deliverable address (verified when equal ignoring case)', async () => {
    const res = await check(address({ line1: '600 S Tryon St' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      streetAddress: '600 S TRYON ST',
      secondaryAddress: '',
      city: 'CHARLOTTE',
      state: 'NC',
      ZIPCode: '28202',
    });
  });

  it('suggests the ZIP city and Publication 28 abbreviations', async () => {
    const res = await check(
      address({ line1: '600 South Tryon Street', line2: 'Suite 200', city: 'Charlote' }),
    );
    expect(res.body).toEqual({
      streetAddress: '600 S TRYON ST',
      secondaryAddress: 'STE 200',
      city: 'CHARLOTTE',
      state: 'NC',
      ZIPCode: '28202',
    });
  });

  it.each([
    [{ postal_code: '00000' }, 'The ZIP code 00000 does not exist.'],
    [{ state: 'CA' }, /ZIP code 28202 is in NC .*not CA/],
    [{ state: 'XX' }, /XX is not a US state/],
    [{ line1: 'Tryon Street' }, /house number/],
  ])('answers a message for an address that cannot exist: %j', async (change, message) => {
    const res = await check(address(change));
    expect(res.status).toBe(200);
    expect((res.body as { message: string }).message).toMatch(message);
  });

  it('answers 400 for malformed input', async () => {
    expect((await t.request('GET', '/api/usps/address-check/not-json')).status).toBe(400);
    const missing = await check({ line1: '1 Main St', state: 'NC' });
    expect(missing.status).toBe(400);
    expect((missing.body as { fields: Record<string, string> }).fields).toHaveProperty('city');
    expect((await check(address({ postal_code: '2820' }))).status).toBe(400);
  });

  it('quotes ground and priority in cents by zone and shirt weight', async () => {
    // Charlotte 28202 -> Charlotte 28203: a few miles, zone 1; one shirt 6 oz.
    const near = await t.request('POST', '/api/usps/prices/28202/28203');
    expect(near.status).toBe(200);
    expect(near.body).toEqual({
      ground: { totalBasePrice: 620 }, // 8 oz tier, zone 1
      priority: { totalBasePrice: 990 }, // 1 lb tier, zone 1
      zone: 1,
      weightOz: 6,
    });
    // Charlotte -> Beverly Hills 90210: over 1800 miles, zone 8; 3 shirts = 18 oz -> 2 lb tier.
    const far = await t.request('POST', '/api/usps/prices/28202/90210?quantity=3');
    expect(far.body).toMatchObject({
      ground: { totalBasePrice: 2125 },
      priority: { totalBasePrice: 2830 },
      zone: 8,
      weightOz: 18,
    });
    expect((await t.request('POST', '/api/usps/prices/28202/00000')).status).toBe(422);
    expect((await t.request('POST', '/api/usps/prices/28202/9021')).status).toBe(400);
  });

  it('gives the sales tax rate with nexus and exemption notes', async () => {
    const nc = await t.request('GET', `/api/usps/sales-tax-rate/${enc(address())}`);
    // Charlotte (28202, Mecklenburg County): the state's 4.75%, the county's 2% and transit's 0.5%.
    expect(nc.body).toEqual({
      state: 'NC',
      county: 'Mecklenburg',
      rate: 72500,
      ratePercent: 7.25,
      parts: [
        { label: 'North Carolina', ratePpm: 47500 },
        { label: 'Mecklenburg County', ratePpm: 20000 },
        { label: 'Mecklenburg County transit', ratePpm: 5000 },
      ],
      nexus: true,
      exemptions: null,
    });
    // Durham (27701): 7.5%; Asheville (28801, Buncombe): 7%; a state alone: the state's rate.
    const durham = await t.request(
      'GET',
      `/api/usps/sales-tax-rate/${enc(address({ postal_code: '27701', city: 'Durham' }))}`,
    );
    expect(durham.body).toMatchObject({ county: 'Durham', rate: 75000 });
    const asheville = await t.request(
      'GET',
      `/api/usps/sales-tax-rate/${enc(address({ postal_code: '28801', city: 'Asheville' }))}`,
    );
    expect(asheville.body).toMatchObject({ county: 'Buncombe', rate: 70000 });
    const stateAlone = await t.request('GET', `/api/usps/sales-tax-rate/${enc({ state: 'NC' })}`);
    expect(stateAlone.body).toMatchObject({ county: null, rate: 47500 });
    const ca = await t.request('GET', `/api/usps/sales-tax-rate/${enc({ state: 'CA' })}`);
    expect(ca.body).toMatchObject({ state: 'CA', rate: 0, nexus: false });
  });

  it('follows the settings: nexus states and rate overrides', async () => {
    await t.database.db
      .insertInto('settings')
      .values([
        { key: 'nexusStates', value: '["NC","NY"]', updated_at: new Date().toISOString() },
        { key: 'taxRateOverrides', value: '{"NC":72500}', updated_at: new Date().toISOString() },
      ])
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })),
      )
      .execute();
    const ny = await t.request('GET', `/api/usps/sales-tax-rate/${enc({ state: 'NY' })}`);
    expect(ny.body).toMatchObject({ rate: 40000, nexus: true });
    expect((ny.body as { exemptions: string }).exemptions).toMatch(/under \$110/);
    const nc = await t.request('GET', `/api/usps/sales-tax-rate/${enc({ state: 'NC' })}`);
    expect(nc.body).toMatchObject({ rate: 72500, ratePercent: 7.25 });
  });

  it('documents the calls in OpenAPI', async () => {
    const doc = (await t.request('GET', '/api/docs/json')).body as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/usps/address-check/{address}',
        '/api/usps/prices/{from}/{to}',
        '/api/usps/sales-tax-rate/{address}',
        '/api/orders/create-pi-guest',
        '/api/orders/update-pi',
        '/api/orders',
        '/api/webhooks/payments',
      ]),
    );
  });
});
