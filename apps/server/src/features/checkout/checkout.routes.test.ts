import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { SHIRT_PRODUCT_ID } from '../../db/seed.ts';
import {
  address,
  CHARLOTTE_TAX,
  cartLine,
  readyCheckout,
  startCheckout,
} from './checkout.factories.ts';

describe.each(DATABASE_KINDS)('checkout API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  const intentAmount = async (id: string) =>
    (
      await t.database.db
        .selectFrom('sandbox_payment_intents')
        .select('amount')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).amount;

  it('creates a sandbox intent for the bag priced on the server', async () => {
    const res = await t.request('POST', '/api/orders/create-pi-guest', {
      cart: [cartLine({ quantity: 2 })],
    });
    expect(res.status).toBe(200);
    const body = res.body as Record<string, unknown>;
    expect(body).toMatchObject({ provider: 'sandbox', subtotal: 9000, amount: 9000 });
    expect(String(body.clientSecret)).toContain('_secret_');
    expect(await intentAmount(String(body.paymentIntentId))).toBe(9000);
  });

  it('ignores a tampered price: productCost 1 still charges 4500 a shirt', async () => {
    const started = await startCheckout(t, [cartLine({ quantity: 2, productCost: 1 })]);
    expect(started.subtotal).toBe(9000);
    expect(await intentAmount(started.paymentIntentId)).toBe(9000);
  });

  it.each([
    [[], /bag is empty/],
    [[cartLine({ design: 'no-such-design' })], /We don't have a design called "no-such-design"/],
    [[cartLine({ size: 'xxxl' })], /"xxxl" is not a shirt size/],
    [[cartLine({ position: 'Side' })], /Front or Back/],
    [[cartLine({ quantity: 11 })], /Max quantity reached for this product/],
    // two lines of the same shirt add up past 10
    [[cartLine({ quantity: 6 }), cartLine({ quantity: 5, id: 'b' })], /Max quantity reached/],
    [[cartLine({ productId: 'prod_unknown' })], /no longer available/],
  ])('answers 422 with a clear message: %j', async (cart, message) => {
    const res = await t.request('POST', '/api/orders/create-pi-guest', { cart });
    expect(res.status).toBe(422);
    expect((res.body as { message: string }).message).toMatch(message);
  });

  it('answers 422 for a size out of stock, and for more than the counted stock', async () => {
    const db = t.database.db;
    await db
      .updateTable('inventory')
      .set({ out_of_stock: 1 })
      .where('product_id', '=', SHIRT_PRODUCT_ID)
      .where('size', '=', 'xxlr')
      .execute();
    await db
      .updateTable('inventory')
      .set({ stock: 2 })
      .where('product_id', '=', SHIRT_PRODUCT_ID)
      .where('size', '=', 'xss')
      .execute();
    const out = await t.request('POST', '/api/orders/create-pi-guest', {
      cart: [cartLine({ size: 'xxlr' })],
    });
    expect(out.status).toBe(422);
    expect((out.body as { message: string }).message).toBe(
      'Size XXL - Regular is out of stock. Please choose another size.',
    );
    const few = await t.request('POST', '/api/orders/create-pi-guest', {
      cart: [cartLine({ size: 'xss', quantity: 3 })],
    });
    expect((few.body as { message: string }).message).toMatch(/Only 2 left in size XS - Short/);
  });

  it('update-pi computes shipping, tax and total and sets the intent amount (NC, ground)', async () => {
    const c = await readyCheckout(t);
    // 2 shirts = 12 oz, zone 1 ground 770; Charlotte, Mecklenburg County: 7.25% (state 4.75%,
    // county 2%, transit 0.5%); tax (9000 + 770) x 7.25% = 708.325 -> 708
    expect(c.totals).toEqual({
      subtotal: 9000,
      shipping: 770,
      salesTax: 708,
      total: 10478,
      salesTaxRate: CHARLOTTE_TAX,
    });
    expect(await intentAmount(c.paymentIntentId)).toBe(10478);
  });

  it('ground is free at the target; priority is charged; no tax without nexus', async () => {
    const free = await readyCheckout(t, { cart: [cartLine({ quantity: 3 })] });
    // 13500 >= 10000: ground 0; tax 13500 x 7.25% = 978.75 -> 979
    expect(free.totals).toEqual({
      subtotal: 13500,
      shipping: 0,
      salesTax: 979,
      total: 14479,
      salesTaxRate: CHARLOTTE_TAX,
    });
    const ca = await readyCheckout(t, {
      shippingOption: 'priority',
      address: address({
        line1: '9336 Civic Center Dr',
        city: 'Beverly Hills',
        state: 'CA',
        postal_code: '90210',
      }),
    });
    // 12 oz priority -> 1 lb tier, zone 8: 1880; CA: no nexus -> tax 0
    expect(ca.totals).toEqual({
      subtotal: 9000,
      shipping: 1880,
      salesTax: 0,
      total: 10880,
      salesTaxRate: { ratePpm: 0, parts: [] },
    });
  });

  it('update-pi reprices from the stored bag: the client cannot change quantity or price', async () => {
    const started = await startCheckout(t, [cartLine({ quantity: 1 })]);
    const res = await t.request('POST', '/api/orders/update-pi', {
      paymentIntentId: started.paymentIntentId,
      clientSecret: started.clientSecret,
      shippingOption: 'ground',
      address: address(),
      name: 'Jamie Rivera',
      email: 'jamie@example.com',
      cart: [cartLine({ quantity: 10, productCost: 1 })], // ignored: not part of the call
      amount: 1,
    });
    // 1 shirt: 4500 + ground 620 (8 oz, zone 1); (4500 + 620) x 7.25% = 371.2 -> 371
    expect(res.body).toEqual({
      subtotal: 4500,
      shipping: 620,
      salesTax: 371,
      total: 5491,
      salesTaxRate: CHARLOTTE_TAX,
    });
    expect(await intentAmount(started.paymentIntentId)).toBe(5491);
  });

  it('concurrent update-pi calls leave the intent amount equal to the checkout total', async () => {
    const started = await startCheckout(t);
    const calls = Array.from({ length: 10 }, (_, i) =>
      t.request('POST', '/api/orders/update-pi', {
        paymentIntentId: started.paymentIntentId,
        clientSecret: started.clientSecret,
        shippingOption: i % 2 ? 'priority' : 'ground',
        address: address(),
        name: 'Jamie Rivera',
        email: 'jamie@example.com',
      }),
    );
    const results = await Promise.all(calls);
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const checkout = await t.database.db
      .selectFrom('checkouts')
      .select(['total', 'version'])
      .where('payment_intent_id', '=', started.paymentIntentId)
      .executeTakeFirstOrThrow();
    expect(await intentAmount(started.paymentIntentId)).toBe(checkout.total);
    // ground: 9000 + 770 + 708 = 10478; priority: 9000 + 990 + (9990 x 7.25% = 724.275 -> 724) = 10714
    expect([10478, 10714]).toContain(checkout.total);
  });

  it('update-pi refuses an address that cannot exist, a wrong secret and a missing email', async () => {
    const started = await startCheckout(t);
    const body = {
      paymentIntentId: started.paymentIntentId,
      clientSecret: started.clientSecret,
      shippingOption: 'ground',
      address: address({ postal_code: '00000' }),
      name: 'Jamie Rivera',
      email: 'jamie@example.com',
    };
    const bad = await t.request('POST', '/api/orders/update-pi', body);
    expect(bad.status).toBe(422);
    expect((bad.body as { message: string }).message).toBe('The ZIP code 00000 does not exist.');
    const wrong = await t.request('POST', '/api/orders/update-pi', {
      ...body,
      address: address(),
      clientSecret: 'pi_x_secret_wrong',
    });
    expect(wrong.status).toBe(404);
    const noEmail = await t.request('POST', '/api/orders/update-pi', { ...body, email: '' });
    expect(noEmail.status).toBe(400);
    expect((noEmail.body as { fields: Record<string, string> }).fields.email).toBe(
      'Please enter an email address.',
    );
    const noName = await t.request('POST', '/api/orders/update-pi', { ...body, name: ' ' });
    expect((noName.body as { fields: Record<string, string> }).fields.name).toBe(
      'Please provide your full name.',
    );
    const incomplete = await t.request('POST', '/api/orders/update-pi', {
      ...body,
      address: { ...address(), city: '' },
    });
    expect((incomplete.body as { fields: Record<string, string> })?.fields['address.city']).toBe(
      'This field is incomplete.',
    );
    const abroad = await t.request('POST', '/api/orders/update-pi', {
      ...body,
      address: { ...address(), country: 'CA' },
    });
    expect(abroad.status).toBe(400);
    expect((abroad.body as { fields: Record<string, string> }).fields).toHaveProperty(
      'address.country',
    );
    const noState = await t.request('POST', '/api/orders/update-pi', {
      ...body,
      address: address({ state: 'ZZ' }),
    });
    expect((noState.body as { fields: Record<string, string> }).fields['address.state']).toBe(
      'Choose a US state or territory.',
    );
    // The amount never moved.
    expect(await intentAmount(started.paymentIntentId)).toBe(9000);
  });
});
