import { DEFAULT_SETTINGS } from '@sunward/core/settings';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { seed } from '../../db/seed.ts';
import { readyCheckout } from '../checkout/checkout.factories.ts';
import { consoleAs, operatorActions } from '../catalog/admin-catalog.factories.ts';
import { SETTINGS_CACHE_KEY } from './settings.ts';

const tier = (maxOz: number, price = 500) => ({ maxOz, zones: Array(9).fill(price) as number[] });

describe.each(DATABASE_KINDS)('the console settings on %s', (kind) => {
  let t: TestApp;
  let as: Awaited<ReturnType<typeof consoleAs>>;
  const db = () => t.database.db;
  const stored = () =>
    db().selectFrom('settings').select(['key', 'value']).orderBy('key').execute();
  const patch = (body: unknown, headers = as.operator) =>
    t.request('PATCH', '/api/admin/settings', body, headers);

  beforeAll(async () => {
    t = await createTestApp(kind);
    as = await consoleAs(t);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await db().deleteFrom('settings').execute();
    await seed(db());
    await db().deleteFrom('operator_actions').execute();
    t.app.catalogCache.invalidate();
  });

  it('answers 401 without a token and 403 to a customer, changing nothing', async () => {
    const before = await stored();
    for (const [method, body] of [['GET'], ['PATCH', { shopName: 'Taken' }]] as const) {
      expect((await t.request(method, '/api/admin/settings', body)).status).toBe(401);
      const customer = await t.request(method, '/api/admin/settings', body, as.customer);
      expect(customer.status).toBe(403);
      expect(customer.body).toMatchObject({ code: 'forbidden' });
    }
    expect(await stored()).toEqual(before);
    expect(await operatorActions(t)).toEqual([]);
  });

  it('reads every setting', async () => {
    const res = await t.request('GET', '/api/admin/settings', undefined, as.operator);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({ settings: DEFAULT_SETTINGS, issues: [] });
  });

  it('saves several settings at once, records old and new values, and the shop follows at once', async () => {
    // Cached before the change.
    await t.request('GET', '/api/configuration');
    expect(t.app.catalogCache.peek(SETTINGS_CACHE_KEY)).toBeDefined();

    const res = await patch({
      shopName: 'Harbor Sun',
      supportEmail: ' help@harborsun.com ',
      freeShippingTarget: 7500,
      nexusStates: ['NC', 'SC'],
      taxRateOverrides: { NC: 72500 },
      // Unchanged: not recorded.
      companyZipCode: '28202',
    });
    expect(res.status).toBe(200);
    expect((res.body as { settings: object }).settings).toMatchObject({
      shopName: 'Harbor Sun',
      supportEmail: 'help@harborsun.com',
      freeShippingTarget: 7500,
      nexusStates: ['NC', 'SC'],
      taxRateOverrides: { NC: 72500 },
    });
    const configuration = await t.request('GET', '/api/configuration');
    expect(configuration.body).toMatchObject({
      shopName: 'Harbor Sun',
      supportEmail: 'help@harborsun.com',
      freeShippingTarget: 7500,
    });

    const actions = await operatorActions(t, 'settings.update');
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ operator_email: as.operatorEmail, target_type: 'settings' });
    expect(JSON.parse(actions[0]!.detail)).toEqual({
      changes: {
        shopName: { from: 'Sunward', to: 'Harbor Sun' },
        supportEmail: { from: 'support@sunward.com', to: 'help@harborsun.com' },
        freeShippingTarget: { from: 10_000, to: 7500 },
        nexusStates: { from: ['NC'], to: ['NC', 'SC'] },
        taxRateOverrides: { from: {}, to: { NC: 72500 } },
      },
    });
  });

  it('makes one change of the same patch sent many times at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => patch({ freeShippingTarget: 12_500, shirtWeightOz: 5.5 })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(await operatorActions(t, 'settings.update')).toHaveLength(1);
  });

  it.each([
    [
      'a free-shipping target over $1,000',
      { freeShippingTarget: 100_001 },
      'freeShippingTarget',
      'Free-shipping target must be a dollar amount from $0.00 to $1,000.00.',
    ],
    [
      'a target in dollars',
      { freeShippingTarget: 75.5 },
      'freeShippingTarget',
      'Free-shipping target must be a dollar amount from $0.00 to $1,000.00.',
    ],
    [
      'a four-digit company ZIP',
      { companyZipCode: '9021' },
      'companyZipCode',
      'ZIP 9021 is not a 5-digit ZIP.',
    ],
    [
      'a return address in no state',
      { returnAddress: { ...DEFAULT_SETTINGS.returnAddress, state: 'XX' } },
      'returnAddress.state',
      '"XX" is not a US state code (use two capital letters, as NC).',
    ],
    [
      'a return address without a street',
      { returnAddress: { ...DEFAULT_SETTINGS.returnAddress, line1: ' ' } },
      'returnAddress.line1',
      'Give the street address.',
    ],
    [
      'a nexus state that is not one',
      { nexusStates: ['NC', 'Carolina'] },
      'nexusStates.1',
      '"Carolina" is not a US state code (use two capital letters, as NC).',
    ],
    ['a nexus state twice', { nexusStates: ['NC', 'NC'] }, 'nexusStates.1', 'NC is listed twice.'],
    [
      'a tax rate over 15%',
      { taxRateOverrides: { NC: 160_000 } },
      'taxRateOverrides.NC',
      'NC: the tax rate must be from 0% to 15% (given 16%).',
    ],
    [
      'a negative tax rate',
      { taxRateOverrides: { TX: -1 } },
      'taxRateOverrides.TX',
      'TX: the tax rate must be from 0% to 15% (given -0.0001%).',
    ],
    [
      'a tax rate for no state',
      { taxRateOverrides: { Carolina: 50_000 } },
      'taxRateOverrides.Carolina',
      '"Carolina" is not a US state code (use two capital letters, as NC).',
    ],
    [
      'a rate table with a missing zone',
      {
        rateCard: {
          ...DEFAULT_SETTINGS.rateCard,
          ground: [tier(8), { maxOz: 16, zones: [1, 2, 3, 4, 5, 6, 7, 8] }],
        },
      },
      'rateCard.ground.1.zones',
      'USPS Ground Advantage up to 16 oz: give a price for each of zones 1-9 (8 given).',
    ],
    [
      'a negative Priority Mail price',
      {
        rateCard: {
          ...DEFAULT_SETTINGS.rateCard,
          priority: [tier(16), { maxOz: 32, zones: [-5, 1, 2, 3, 4, 5, 6, 7, 8] }],
        },
      },
      'rateCard.priority.1.zones.0',
      'USPS Priority Mail up to 32 oz, zone 1: the price must be a dollar amount from $0.00 to $1,000.00.',
    ],
    [
      'weight tiers out of order',
      { rateCard: { ...DEFAULT_SETTINGS.rateCard, ground: [tier(16), tier(8)] } },
      'rateCard.ground.1.maxOz',
      'USPS Ground Advantage: list the weight tiers from the lightest up (8 oz comes after 16 oz).',
    ],
    [
      'a support email that is not one',
      { supportEmail: 'help at harborsun' },
      'supportEmail',
      '"help at harborsun" is not an email address.',
    ],
    ['an empty shop name', { shopName: '  ' }, 'shopName', 'Give the shop a name.'],
    [
      'a shirt weight of 0',
      { shirtWeightOz: 0 },
      'shirtWeightOz',
      'Shirt weight must be more than 0 and at most 160 ounces.',
    ],
    [
      'a key that is not a setting',
      { shopname: 'typo' },
      'shopname',
      '"shopname" is not a setting.',
    ],
  ])(
    'refuses %s with a message on the field, and changes nothing',
    async (_what, body, field, message) => {
      const before = await stored();
      // A valid change beside it is not saved either: all or nothing.
      const res = await patch({
        ...body,
        shopName: (body as { shopName?: string }).shopName ?? 'Other',
      });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        code: 'invalid_settings',
        message,
        fields: { [field]: message },
      });
      expect(await stored()).toEqual(before);
      expect(await operatorActions(t)).toEqual([]);
    },
  );

  it('refuses a body that is not an object of settings', async () => {
    expect((await patch([{ shopName: 'x' }])).status).toBe(400);
    expect((await patch('shopName')).status).toBe(400);
  });

  it('lists a stored value that is not valid, and lets the operator fix it', async () => {
    await db()
      .updateTable('settings')
      .set({ value: '"lots"' })
      .where('key', '=', 'freeShippingTarget')
      .execute();
    expect((await t.request('GET', '/api/configuration')).status).toBe(500);
    const read = await t.request('GET', '/api/admin/settings', undefined, as.operator);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      settings: { freeShippingTarget: DEFAULT_SETTINGS.freeShippingTarget },
      issues: [
        { key: 'freeShippingTarget', reason: expect.stringContaining('Free-shipping target') },
      ],
    });
    // Saved with the default's value: a change, since what was stored was not valid.
    expect((await patch({ freeShippingTarget: 10_000 })).status).toBe(200);
    expect((await t.request('GET', '/api/configuration')).status).toBe(200);
    const [action] = await operatorActions(t, 'settings.update');
    expect(JSON.parse(action!.detail)).toEqual({
      changes: { freeShippingTarget: { from: null, to: 10_000 } },
    });
  });

  it('prices the next checkout with the new free-shipping target and tax at once', async () => {
    // Two shirts ($90.00) to Charlotte: ground is charged under the $100 default target.
    const charged = await readyCheckout(t);
    expect(charged.totals.shipping).toBeGreaterThan(0);

    expect((await patch({ freeShippingTarget: 9000, taxRateOverrides: { NC: 0 } })).status).toBe(
      200,
    );
    const free = await readyCheckout(t);
    expect(free.totals).toMatchObject({ subtotal: 9000, shipping: 0, salesTax: 0, total: 9000 });

    expect((await patch({ freeShippingTarget: 9001, taxRateOverrides: {} })).status).toBe(200);
    const again = await readyCheckout(t);
    expect(again.totals.shipping).toBe(charged.totals.shipping);
    expect(again.totals.salesTax).toBe(charged.totals.salesTax);
  });
});
