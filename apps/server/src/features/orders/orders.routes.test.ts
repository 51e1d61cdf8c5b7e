import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { SHIRT_PRODUCT_ID } from '../../db/seed.ts';
import {
  CHARLOTTE_TAX,
  cartLine,
  countRows,
  markPaidSilently,
  pay,
  readyCheckout,
} from '../checkout/checkout.factories.ts';
import { signPayload } from '../payments/webhook-signature.ts';

describe.each(DATABASE_KINDS)('orders on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  /** The success page's call: the intent and its client secret (both in the return URL). */
  const order = (c: { paymentIntentId: string; clientSecret: string }, extra: object = {}) =>
    t.request('POST', '/api/orders', {
      paymentIntentId: c.paymentIntentId,
      clientSecret: c.clientSecret,
      ...extra,
    });

  const ordersFor = (pi: string) =>
    t.database.db.selectFrom('orders').selectAll().where('payment_intent_id', '=', pi).execute();

  const webhook = (event: object, secret = t.app.sandboxWebhooks.secret) => {
    const payload = JSON.stringify(event);
    const signature = signPayload(secret, payload, Math.floor(Date.now() / 1000));
    return t.request('POST', '/api/webhooks/payments', payload, {
      'content-type': 'application/json',
      'stripe-signature': signature,
    });
  };
  const succeeded = (id: string, pi: string) => ({
    id,
    object: 'event',
    type: 'payment_intent.succeeded',
    data: { object: { id: pi, object: 'payment_intent' } },
  });

  it('creates the order in the spec shape for a paid intent (success page)', async () => {
    const c = await readyCheckout(t, {
      cart: [
        cartLine({ quantity: 2, productCost: 1 }),
        cartLine({ id: 'b', design: 'key-west', size: 'lgs', position: 'Back' }),
      ],
    });
    expect((await pay(t, c)).status).toBe(200);
    const res = await order(c, { userId: null, cart: [{ productCost: 1 }] });
    expect(res.status).toBe(200);
    const o = res.body as Record<string, unknown> & { orderNumber: string };
    expect(o.orderNumber).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    // 3 shirts: subtotal 13500 >= 10000 so ground is free; Charlotte's 7.25%: tax 13500 x 7.25% =
    // 978.75 -> 979; total 13500 + 0 + 979 = 14479
    expect(o).toMatchObject({
      status: 'pending',
      tracking: null,
      returns: [],
      subTotal: 13500,
      shippingRate: 0,
      salesTax: 979,
      salesTaxRate: CHARLOTTE_TAX,
      total: 14479,
      shippingOption: 'ground',
      shipping: {
        name: 'Jamie Rivera',
        address: { line1: '600 S Tryon St', city: 'Charlotte', state: 'NC', postal_code: '28202' },
      },
      billing: {
        name: 'Jamie Rivera',
        email: 'jamie@example.com',
        card: { brand: 'visa', last4: '4242' },
      },
      products: [
        {
          productId: SHIRT_PRODUCT_ID,
          design: 'alaska',
          size: 'mdr',
          position: 'Front',
          quantity: 2,
          productCost: 4500,
        },
        {
          productId: SHIRT_PRODUCT_ID,
          design: 'key-west',
          size: 'lgs',
          position: 'Back',
          quantity: 1,
          productCost: 4500,
        },
      ],
    });
    // Calling again returns the same order; the webhook that raced it changed nothing.
    await t.app.sandboxWebhooks.drain();
    const again = await order(c);
    expect((again.body as { orderNumber: string }).orderNumber).toBe(o.orderNumber);
    const [row] = await ordersFor(c.paymentIntentId);
    const events = await t.database.db
      .selectFrom('order_events')
      .selectAll()
      .where('order_id', '=', row!.id)
      .execute();
    expect(events).toMatchObject([{ actor: 'system', from_status: null, to_status: 'pending' }]);
  });

  it('refuses an unpaid or unknown intent with no order', async () => {
    const c = await readyCheckout(t);
    const unpaid = await order(c);
    expect(unpaid.status).toBe(409);
    expect((unpaid.body as { message: string }).message).toBe(
      'This payment has not been completed.',
    );
    expect(
      (await order({ paymentIntentId: 'pi_unknown', clientSecret: c.clientSecret })).status,
    ).toBe(404);
    expect(await ordersFor(c.paymentIntentId)).toHaveLength(0);
  });

  it('answers the order only to the holder of the client secret, and one 404 to anyone else', async () => {
    const c = await readyCheckout(t);
    await pay(t, c);
    await t.app.sandboxWebhooks.drain(); // the webhook has created the order
    const unpaid = await readyCheckout(t);
    const attempts: object[] = [
      { paymentIntentId: c.paymentIntentId },
      { paymentIntentId: c.paymentIntentId, clientSecret: '' },
      { paymentIntentId: c.paymentIntentId, clientSecret: null },
      { paymentIntentId: c.paymentIntentId, clientSecret: 42 },
      { paymentIntentId: c.paymentIntentId, clientSecret: 'x'.repeat(300) },
      { paymentIntentId: c.paymentIntentId, clientSecret: `${c.clientSecret}x` },
      // The last character changed (to '0', or to '1' where it was '0': always another secret).
      {
        paymentIntentId: c.paymentIntentId,
        clientSecret: c.clientSecret.slice(0, -1) + (c.clientSecret.endsWith('0') ? '1' : '0'),
      },
      { paymentIntentId: c.paymentIntentId, clientSecret: unpaid.clientSecret },
      { paymentIntentId: c.paymentIntentId, clientSecret: c.paymentIntentId },
      { paymentIntentId: unpaid.paymentIntentId },
      { paymentIntentId: unpaid.paymentIntentId, clientSecret: c.clientSecret },
      { paymentIntentId: 'pi_unknown', clientSecret: c.clientSecret },
      { paymentIntentId: 'pi_unknown' },
    ];
    const answers = await Promise.all(
      attempts.map((body) => t.request('POST', '/api/orders', body)),
    );
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.text).toBe(answers[0]!.text);
      for (const pii of ['Jamie', 'jamie@example.com', '4242', 'Tryon', 'visa']) {
        expect(res.text).not.toContain(pii);
      }
    }
    expect(answers[0]!.body).toEqual({
      message: 'We could not find this payment.',
      code: 'not_found',
    });

    const res = await order(c);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({
      billing: { email: 'jamie@example.com', card: { last4: '4242' } },
    });
    // A missing id is plain bad input, as before.
    const noId = await t.request('POST', '/api/orders', { clientSecret: c.clientSecret });
    expect(noId.status).toBe(400);
  });

  it('a tampered price or quantity never changes the amount charged', async () => {
    const c = await readyCheckout(t, { cart: [cartLine({ quantity: 1, productCost: 0 })] });
    // Tampering after the fact: the client cannot move the amount with update-pi extras or the order call.
    await t.request('POST', '/api/orders/update-pi', {
      paymentIntentId: c.paymentIntentId,
      clientSecret: c.clientSecret,
      shippingOption: 'ground',
      address: { line1: '600 S Tryon St', city: 'Charlotte', state: 'NC', postal_code: '28202' },
      name: 'Jamie Rivera',
      email: 'jamie@example.com',
      cart: [cartLine({ quantity: 10, productCost: 1 })],
      total: 1,
    });
    await pay(t, c);
    const o = (await order(c, { cart: [cartLine({ quantity: 10 })] })).body as {
      total: number;
      products: { quantity: number; productCost: number }[];
    };
    const paid = await t.database.db
      .selectFrom('sandbox_payment_intents')
      .select('amount')
      .where('id', '=', c.paymentIntentId)
      .executeTakeFirstOrThrow();
    // 1 shirt: 4500 + ground 620 + tax (5120 x 7.25% = 371.2 -> 371) = 5491
    expect(paid.amount).toBe(5491);
    expect(o.total).toBe(5491);
    expect(o.products).toEqual([expect.objectContaining({ quantity: 1, productCost: 4500 })]);
  });

  it('20 concurrent order creations for one paid intent give one order and one email', async () => {
    const c = await readyCheckout(t);
    await markPaidSilently(t, c.paymentIntentId);
    const before = await countRows(t);
    const results = await Promise.all(Array.from({ length: 20 }, () => order(c)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const numbers = new Set(results.map((r) => (r.body as { orderNumber: string }).orderNumber));
    expect(numbers.size).toBe(1);
    const after = await countRows(t);
    expect(after.orders - before.orders).toBe(1);
    expect(after.items - before.items).toBe(1);
    expect(after.events - before.events).toBe(1);
    expect(after.emails - before.emails).toBe(1);
  });

  it('a webhook replayed 10 times gives one order and one email', async () => {
    const c = await readyCheckout(t);
    await markPaidSilently(t, c.paymentIntentId);
    const before = await countRows(t);
    const event = succeeded(`evt_replay_${kind}`, c.paymentIntentId);
    const first = await webhook(event);
    expect(first.body).toEqual({ received: true, outcome: 'order' });
    const replays = await Promise.all(Array.from({ length: 9 }, () => webhook(event)));
    expect(replays.map((r) => r.status)).toEqual(Array(9).fill(200));
    expect(replays.map((r) => (r.body as { outcome: string }).outcome)).toEqual(
      Array(9).fill('duplicate'),
    );
    // A different event for the same intent (Stripe may send more than one) changes nothing either.
    const other = succeeded(`evt_other_${kind}`, c.paymentIntentId);
    await webhook(other);
    const after = await countRows(t);
    expect(after.orders - before.orders).toBe(1);
    expect(after.emails - before.emails).toBe(1);
    // Both events recorded, once each (the sandbox's own deliveries for earlier tests' intents may
    // land meanwhile: they are not counted here).
    const recorded = await t.database.db
      .selectFrom('webhook_events')
      .select('id')
      .where('id', 'in', [event.id, other.id])
      .orderBy('id')
      .execute();
    expect(recorded.map((r) => r.id)).toEqual([event.id, other.id].sort());
  });

  it('an event that comes before the payment is not recorded, and its re-delivery orders', async () => {
    const c = await readyCheckout(t);
    const event = succeeded(`evt_early_${kind}`, c.paymentIntentId);
    const seen = () =>
      t.database.db.selectFrom('webhook_events').select('id').where('id', '=', event.id).execute();
    const early = await webhook(event);
    expect(early.status).toBe(503);
    expect(early.body).toEqual({ message: expect.any(String), code: 'retry' });
    expect(await seen()).toHaveLength(0);
    expect(await ordersFor(c.paymentIntentId)).toHaveLength(0);
    // The provider shows the intent paid; its re-delivery of the same event creates the order.
    await markPaidSilently(t, c.paymentIntentId);
    const again = await webhook(event);
    expect(again.body).toEqual({ received: true, outcome: 'order' });
    expect(await ordersFor(c.paymentIntentId)).toHaveLength(1);
    expect(await seen()).toHaveLength(1);
    expect((await webhook(event)).body).toEqual({ received: true, outcome: 'duplicate' });
  });

  it('an event for an intent this shop never made is final: recorded, not retried', async () => {
    const event = succeeded(`evt_stranger_${kind}`, 'pi_never_made_here');
    expect((await webhook(event)).body).toEqual({ received: true, outcome: 'ignored' });
    expect((await webhook(event)).body).toEqual({ received: true, outcome: 'duplicate' });
  });

  it('the sandbox webhook and the success page race to one order', async () => {
    const c = await readyCheckout(t);
    await pay(t, c);
    const [a, b] = await Promise.all([order(c), order(c)]);
    await t.app.sandboxWebhooks.drain();
    expect((a.body as { orderNumber: string }).orderNumber).toBe(
      (b.body as { orderNumber: string }).orderNumber,
    );
    expect(await ordersFor(c.paymentIntentId)).toHaveLength(1);
    // Delivered once the order was recorded (a delivery during the order's transaction gives way and
    // comes again): the last one for this intent.
    const sent = t.app.sandboxWebhooks.lastSentFor(c.paymentIntentId);
    expect(JSON.parse(sent!.payload)).toMatchObject({
      type: 'payment_intent.succeeded',
      data: { object: { id: c.paymentIntentId } },
    });
    expect(sent!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });

  // SQLite runs one writer at a time: no transaction holds a row while another asks for it there.
  it.runIf(kind === 'postgres')(
    'a webhook gives way to the transaction recording its order instead of waiting on it, and its re-delivery finds the order',
    async () => {
      const c = await readyCheckout(t);
      await markPaidSilently(t, c.paymentIntentId);
      const event = succeeded(`evt_gives_way_${kind}`, c.paymentIntentId);
      const seen = () =>
        t.database.db
          .selectFrom('webhook_events')
          .select('id')
          .where('id', '=', event.id)
          .execute();
      // Another transaction holds the checkout's row, as the success page's order transaction does
      // from its first statement to its commit.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      const holder = t.database.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('checkouts')
          .set((eb) => ({ updated_at: eb.ref('updated_at') }))
          .where('payment_intent_id', '=', c.paymentIntentId)
          .execute();
        holding();
        await released;
      });
      await held;
      const early = await webhook(event).finally(release);
      await holder;
      expect(early.status).toBe(503);
      expect(early.body).toEqual({
        message: expect.stringMatching(/being recorded/),
        code: 'retry',
      });
      expect(await seen()).toHaveLength(0);
      expect(await ordersFor(c.paymentIntentId)).toHaveLength(0);
      // Delivered again once that transaction has ended: the order, once.
      expect((await webhook(event)).body).toEqual({ received: true, outcome: 'order' });
      expect(await ordersFor(c.paymentIntentId)).toHaveLength(1);
      expect(await seen()).toHaveLength(1);
    },
  );

  it('a bad signature is rejected with 400 and no side effects', async () => {
    const c = await readyCheckout(t);
    await markPaidSilently(t, c.paymentIntentId);
    const before = await countRows(t);
    const event = succeeded(`evt_forged_${kind}`, c.paymentIntentId);
    const forged = await webhook(event, 'whsec_wrong');
    expect(forged.status).toBe(400);
    expect((forged.body as { message: string }).message).toMatch(/signature/);
    const unsigned = await t.request('POST', '/api/webhooks/payments', event);
    expect(unsigned.status).toBe(400);
    // A valid signature over different bytes.
    const payload = JSON.stringify(event);
    const sig = signPayload(t.app.sandboxWebhooks.secret, payload, Math.floor(Date.now() / 1000));
    const tampered = await t.request(
      'POST',
      '/api/webhooks/payments',
      payload.replace('succeeded', 'succeeded '),
      {
        'content-type': 'application/json',
        'stripe-signature': sig,
      },
    );
    expect(tampered.status).toBe(400);
    // Too old (outside the 5 minute tolerance).
    const old = signPayload(
      t.app.sandboxWebhooks.secret,
      payload,
      Math.floor(Date.now() / 1000) - 3600,
    );
    const stale = await t.request('POST', '/api/webhooks/payments', payload, {
      'content-type': 'application/json',
      'stripe-signature': old,
    });
    expect(stale.status).toBe(400);
    expect(await countRows(t)).toEqual(before);
  });

  it('answers a signed event with a bad object id 400, never 500, and records nothing', async () => {
    const before = await countRows(t);
    const ids: unknown[] = [
      true,
      false,
      [],
      {},
      [[['pi_x']]],
      { id: 'pi_x' },
      42,
      null,
      '',
      'x'.repeat(256),
    ];
    const answers = [];
    for (const [i, id] of ids.entries()) {
      const res = await webhook({
        id: `evt_shape_${kind}_${i}`,
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: { id, object: 'payment_intent' } },
      });
      answers.push({
        id,
        status: res.status,
        message: typeof (res.body as { message?: unknown })?.message,
      });
    }
    expect(answers).toEqual(ids.map((id) => ({ id, status: 400, message: 'string' })));
    const shape = await webhook({
      id: `evt_shape_${kind}_x`,
      type: 'payment_intent.succeeded',
      data: { object: { id: [] } },
    });
    expect((shape.body as { message: string }).message).toBe('data.object.id must be a string.');
    expect(await countRows(t)).toEqual(before);
  });

  it('decrements counted stock once', async () => {
    const db = t.database.db;
    await db
      .updateTable('inventory')
      .set({ stock: 5 })
      .where('product_id', '=', SHIRT_PRODUCT_ID)
      .where('size', '=', 'xls')
      .execute();
    const c = await readyCheckout(t, { cart: [cartLine({ size: 'xls', quantity: 2 })] });
    await pay(t, c);
    await Promise.all([order(c), order(c)]);
    await t.app.sandboxWebhooks.drain();
    const row = await db
      .selectFrom('inventory')
      .select('stock')
      .where('product_id', '=', SHIRT_PRODUCT_ID)
      .where('size', '=', 'xls')
      .executeTakeFirstOrThrow();
    expect(row.stock).toBe(3);
  });

  it('queues one confirmation email (HTML and text) and logs it without SMTP', async () => {
    // The brand name comes from the shopName setting (operators change it in the console).
    await t.database.db
      .updateTable('settings')
      .set({ value: JSON.stringify('Sunward Outfitters') })
      .where('key', '=', 'shopName')
      .execute();
    const c = await readyCheckout(t, { email: 'mail-check@example.com' });
    await pay(t, c);
    const o = (await order(c)).body as { orderNumber: string };
    await t.app.sandboxWebhooks.drain();
    await t.app.mailer.drain();
    const mails = await t.database.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('to_address', '=', 'mail-check@example.com')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: 'order-confirmation',
      status: 'logged',
      dedupe_key: `order-confirmation:${c.paymentIntentId}`,
    });
    expect(mails[0]!.subject).toContain(o.orderNumber);
    expect(mails[0]!.html).toContain('Thank You For Your Purchase!');
    expect(mails[0]!.html).toContain('Sunward Outfitters');
    expect(mails[0]!.subject).toBe(`Sunward Outfitters order ${o.orderNumber} confirmed`);
    expect(mails[0]!.text).toContain(`Order number: ${o.orderNumber}`);
    expect(mails[0]!.text).toContain('Paid with Visa ending in 4242.');
    // The rate the tax was charged at, and what it is made of (Charlotte: Mecklenburg County).
    const rate =
      'Sales tax rate 7.25%: North Carolina 4.75% + Mecklenburg County 2% + Mecklenburg County transit 0.5%.';
    expect(mails[0]!.text).toContain(rate);
    expect(mails[0]!.html).toContain(rate);
  });
});
