/**
 * Issue 10, defects 1-4 and 10: each sequence that once charged an amount the shopper did not see, took
 * money without an order, oversold a size or locked a checkout. Nothing here may charge anything but
 * the total the page showed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { SHIRT_PRODUCT_ID } from '../../db/seed.ts';
import { LEASE_MS } from './checkout-lease.ts';
import { findByIntent } from './checkout.repository.ts';
import {
  address,
  cartLine,
  confirmBody,
  markPaidSilently,
  pay,
  startCheckout,
  type StartedCheckout,
} from './checkout.factories.ts';

const NYC = {
  line1: '350 5th Ave',
  line2: '',
  city: 'New York',
  state: 'NY',
  postal_code: '10118',
};
type Totals = { subtotal: number; shipping: number; salesTax: number; total: number };

describe.each(DATABASE_KINDS)('checkout integrity on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  const intent = (id: string) =>
    db()
      .selectFrom('sandbox_payment_intents')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const updatePi = (c: StartedCheckout, option: 'ground' | 'priority', to = NYC) =>
    t.request('POST', '/api/orders/update-pi', {
      paymentIntentId: c.paymentIntentId,
      clientSecret: c.clientSecret,
      shippingOption: option,
      address: to,
      name: 'Jamie Rivera',
      email: 'jamie@example.com',
    });
  const placeOrder = async (
    c: StartedCheckout,
    shown: { option: 'ground' | 'priority'; total: number; address?: typeof NYC },
    number?: string,
  ) =>
    t.request('POST', '/api/orders/confirm-pi', {
      ...(await confirmBody(t, c, number ? { number } : {})),
      shippingOption: shown.option,
      total: shown.total,
      address: { ...(shown.address ?? NYC), country: 'US' },
    });
  const setStock = (size: string, stock: number | null, outOfStock = 0) =>
    db()
      .updateTable('inventory')
      .set({ stock, out_of_stock: outOfStock })
      .where('product_id', '=', SHIRT_PRODUCT_ID)
      .where('size', '=', size)
      .execute();
  const stockOf = async (size: string) =>
    (
      await db()
        .selectFrom('inventory')
        .select('stock')
        .where('product_id', '=', SHIRT_PRODUCT_ID)
        .where('size', '=', size)
        .executeTakeFirstOrThrow()
    ).stock;

  it('defect 1: Ground, Priority, Ground: the page shows Ground and Ground is what is charged', async () => {
    const c = await startCheckout(t, [cartLine()]);
    const ground = (await updatePi(c, 'ground')).body as Totals;
    const priority = (await updatePi(c, 'priority')).body as Totals;
    expect(priority.total).toBeGreaterThan(ground.total);
    // The page went back to Ground without telling the server (its cached answer), then Place Order.
    const refused = await placeOrder(c, { option: 'ground', total: ground.total });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'total_changed', totals: null });
    expect((await intent(c.paymentIntentId)).status).toBe('requires_payment_method');
    // The page re-prices what it shows and places the order again: charged exactly that.
    const again = (await updatePi(c, 'ground')).body as Totals;
    expect(again).toEqual(ground);
    expect((await placeOrder(c, { option: 'ground', total: again.total })).status).toBe(200);
    const paid = await intent(c.paymentIntentId);
    expect(paid).toMatchObject({ status: 'succeeded', amount: ground.total });
    await t.app.sandboxWebhooks.drain();
    const order = await t.request('POST', '/api/orders', {
      paymentIntentId: c.paymentIntentId,
      clientSecret: c.clientSecret,
    });
    expect(order.body).toMatchObject({ total: ground.total, shippingOption: 'ground' });
  });

  it('defect 1: an address changed A, B, A is refused until the page shows its total', async () => {
    const c = await startCheckout(t, [cartLine()]);
    const nyc = (await updatePi(c, 'ground', NYC)).body as Totals;
    await updatePi(c, 'ground', address());
    const refused = await placeOrder(c, { option: 'ground', total: nyc.total, address: NYC });
    expect(refused.status).toBe(409);
    expect((await intent(c.paymentIntentId)).status).toBe('requires_payment_method');
  });

  it('defect 1: a total the server did not compute is refused, with the server totals', async () => {
    const c = await startCheckout(t, [cartLine()]);
    const ground = (await updatePi(c, 'ground')).body as Totals;
    const refused = await placeOrder(c, { option: 'ground', total: ground.total - 1 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'total_changed', totals: ground });
    expect((await intent(c.paymentIntentId)).status).toBe('requires_payment_method');
  });

  it('defect 2: no repricing while a 3-D Secure challenge waits; the challenge amount is charged', async () => {
    const c = await startCheckout(t, [cartLine()]);
    const ground = (await updatePi(c, 'ground')).body as Totals;
    const res = await placeOrder(c, { option: 'ground', total: ground.total }, '4000002500003155');
    expect(res.body).toMatchObject({ status: 'requires_action' });
    const challenge = new URL((res.body as { challengeUrl: string }).challengeUrl).pathname;
    const page = await t.request('GET', challenge);
    expect(page.text).toContain(`$${(ground.total / 100).toFixed(2)}`);

    const reprice = await updatePi(c, 'priority');
    expect(reprice.status).toBe(409);
    expect(reprice.body).toMatchObject({ code: 'payment_in_progress' });
    expect((await intent(c.paymentIntentId)).amount).toBe(ground.total);

    const done = await fetch(t.baseUrl + challenge, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=complete',
      redirect: 'manual',
    });
    expect(done.status).toBe(303);
    expect(await intent(c.paymentIntentId)).toMatchObject({
      status: 'succeeded',
      amount: ground.total,
    });
    await t.app.sandboxWebhooks.drain();
  });

  it('defect 3: a payment cannot be confirmed before the checkout is priced', async () => {
    const c = await startCheckout(t, [cartLine()]);
    const early = await placeOrder(c, { option: 'ground', total: c.amount });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'not_priced' });
    // Nor straight at the processor, as the page once did.
    const direct = await t.request(
      'POST',
      `/api/sandbox/payment-intents/${c.paymentIntentId}/confirm`,
      await confirmBody(t, c),
    );
    expect(direct.status).toBe(404);
    expect((await intent(c.paymentIntentId)).status).toBe('requires_payment_method');
  });

  it('defect 3: a paid intent that cannot become an order is refunded, once, and the shopper told', async () => {
    const c = await startCheckout(t, [cartLine()]);
    await markPaidSilently(t, c.paymentIntentId); // e.g. Stripe.js confirming with the secret alone
    await db()
      .updateTable('sandbox_payment_intents')
      .set({
        billing_details: JSON.stringify({
          name: 'Jamie Rivera',
          email: 'jamie@example.com',
          phone: null,
          address: { ...address(), country: 'US' },
        }),
      })
      .where('id', '=', c.paymentIntentId)
      .execute();
    const res = await t.request('POST', '/api/orders', {
      paymentIntentId: c.paymentIntentId,
      clientSecret: c.clientSecret,
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'refunded' });
    expect((res.body as { message: string }).message).toContain('$45.00 has been refunded');
    const again = await t.request('POST', '/api/orders', {
      paymentIntentId: c.paymentIntentId,
      clientSecret: c.clientSecret,
    });
    expect(again.body).toEqual(res.body);
    const refunds = await db()
      .selectFrom('sandbox_refunds')
      .selectAll()
      .where('payment_intent_id', '=', c.paymentIntentId)
      .execute();
    expect(refunds.map((r) => r.amount)).toEqual([4500]);
    expect((await intent(c.paymentIntentId)).amount_refunded).toBe(4500);
    const mail = await db()
      .selectFrom('email_outbox')
      .select('subject')
      .where('dedupe_key', '=', `payment-refunded:${c.paymentIntentId}`)
      .execute();
    expect(mail).toHaveLength(1);
  });

  it('defect 4: the last shirt is held by the first shopper to price it; the second is refused', async () => {
    await setStock('xss', 1);
    const first = await startCheckout(t, [cartLine({ size: 'xss' })]);
    const second = await startCheckout(t, [cartLine({ size: 'xss' })]);
    const a = (await updatePi(first, 'ground')).body as Totals;
    const b = await updatePi(second, 'ground');
    expect(b.status).toBe(422);
    expect(b.body).toMatchObject({ code: 'out_of_stock' });
    expect((b.body as { message: string }).message).toMatch(/XS.*out of stock/);
    expect((await placeOrder(first, { option: 'ground', total: a.total })).status).toBe(200);
    await t.app.sandboxWebhooks.drain();
    expect(await stockOf('xss')).toBe(0);
    // The second shopper's card is never charged.
    const late = await placeOrder(second, { option: 'ground', total: a.total });
    expect(late.status).toBe(409);
    expect((await intent(second.paymentIntentId)).status).toBe('requires_payment_method');
  });

  it('pricing again with a size gone short writes nothing: totals and holds stay, nothing is charged', async () => {
    await setStock('xls', 2);
    const first = await startCheckout(t, [cartLine({ size: 'xls' })]);
    const second = await startCheckout(t, [cartLine({ size: 'xls' })]);
    const ground = (await updatePi(first, 'ground')).body as Totals;
    expect((await updatePi(second, 'ground')).status).toBe(200);
    const checkoutOf = (c: StartedCheckout) => findByIntent(db(), c.paymentIntentId);
    const holdsOf = async (c: StartedCheckout) =>
      db()
        .selectFrom('stock_reservations')
        .select(['size', 'quantity', 'expires_at'])
        .where('checkout_id', '=', (await checkoutOf(c))!.id)
        .execute();
    const before = { checkout: await checkoutOf(first), holds: await holdsOf(first) };
    expect(before.holds).toMatchObject([{ size: 'xls', quantity: 1 }]);

    // One shirt is found damaged: the second shopper's hold takes the last one.
    await setStock('xls', 1);
    const priority = await updatePi(first, 'priority');
    expect(priority.status).toBe(422);
    expect(priority.body).toMatchObject({ code: 'out_of_stock' });
    // A size short records nothing: neither the priority totals nor a new hold.
    expect(await checkoutOf(first)).toEqual(before.checkout);
    expect(await holdsOf(first)).toEqual(before.holds);
    // The intent was set to the priority total first; it matches no recorded total, so Place Order
    // with the page's ground total is refused before the card is charged.
    const placed = await placeOrder(first, { option: 'ground', total: ground.total });
    expect(placed.status).toBe(409);
    expect(placed.body).toMatchObject({ code: 'total_changed' });
    expect((await intent(first.paymentIntentId)).status).toBe('requires_payment_method');
    await setStock('xls', null);
  });

  it('defect 4: a size marked out of stock after pricing is refused before the card is charged', async () => {
    await setStock('sms', null);
    const c = await startCheckout(t, [cartLine({ size: 'sms' })]);
    const ground = (await updatePi(c, 'ground')).body as Totals;
    await setStock('sms', null, 1);
    const res = await placeOrder(c, { option: 'ground', total: ground.total });
    expect(res.status).toBe(422);
    expect((res.body as { message: string }).message).toMatch(/out of stock/);
    expect((await intent(c.paymentIntentId)).status).toBe('requires_payment_method');
    await setStock('sms', null, 0);
  });

  it('defect 4: stock never goes below zero; a paid order that cannot take it is refunded', async () => {
    await setStock('mds', 1);
    const c = await startCheckout(t, [cartLine({ size: 'mds' })]);
    await updatePi(c, 'ground');
    await setStock('mds', 0); // sold elsewhere after the hold ran out
    await markPaidSilently(t, c.paymentIntentId);
    const res = await t.request('POST', '/api/orders', {
      paymentIntentId: c.paymentIntentId,
      clientSecret: c.clientSecret,
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'refunded' });
    expect(await stockOf('mds')).toBe(0);
    const orders = await db()
      .selectFrom('orders')
      .select('id')
      .where('payment_intent_id', '=', c.paymentIntentId)
      .execute();
    expect(orders).toHaveLength(0);
  });

  it('defect 4: a hold expires, and then the size is free for others', async () => {
    await setStock('lgs', 1);
    const first = await startCheckout(t, [cartLine({ size: 'lgs' })]);
    await updatePi(first, 'ground');
    const second = await startCheckout(t, [cartLine({ size: 'lgs' })]);
    expect((await updatePi(second, 'ground')).status).toBe(422);
    await db()
      .updateTable('stock_reservations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await updatePi(second, 'ground')).status).toBe(200);
  });

  it('defect 10: a checkout whose update crashed mid-way takes updates again within the lease', async () => {
    const c = await startCheckout(t, [cartLine()]);
    await updatePi(c, 'ground');
    // What a process killed during update-pi leaves behind: its lease, never released or renewed.
    await db()
      .updateTable('checkouts')
      .set({
        lease_token: 'crashed-process',
        lease_until: new Date(Date.now() + LEASE_MS).toISOString(),
      })
      .where('payment_intent_id', '=', c.paymentIntentId)
      .execute();
    const retry = await updatePi(c, 'priority');
    expect(retry.status).toBe(200);
    expect(await pay(t, c)).toMatchObject({ status: 200 });
    await t.app.sandboxWebhooks.drain();
  });
});
