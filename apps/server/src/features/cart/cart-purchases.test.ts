/**
 * What a paid order bought leaves the customer's bag by a job of the cart (order.placed ->
 * cart.remove-purchased, docs/decisions/031), on every test database, in a process that never runs a
 * job (until a worker joins): the order's transaction leaves the bag alone and enqueues the reaction;
 * the reaction takes the bought lines out once however often it runs; the bag's reads and writes
 * settle a placed order first, so a GET right after the order already shows the bag without it and
 * lines added after the order stay; a guest's order, even once claimed, never touches a bag; an order
 * rolled back publishes nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CheckoutCartLine } from '@sunward/core/checkout-schemas';
import { attachApp, createTestApp, DATABASE_KINDS, type TestApp } from '../../../test/test-app.ts';
import { SHIRT_PRODUCT_ID } from '../../db/seed.ts';
import { FAST_JOBS, JOB_WAIT } from '../../lib/jobs/testing/job-test-kit.ts';
import {
  cartLine as orderLine,
  markPaidSilently,
  placeOrder,
  readyCheckout,
} from '../checkout/checkout.factories.ts';
import { CART_PURCHASES_JOB, removePurchased } from './cart-purchases.ts';
import { cartClient, cartLine, type CartClient } from './cart.factories.ts';
import type { Cart } from './cart.service.ts';

/** 3 Alaska M Front and 1 Arizona L short Back; the order buys 2 of the Alaska. */
const BAG = [
  ['alaska', 3],
  ['arizona', 1],
];
const LEFT = [
  ['alaska', 1],
  ['arizona', 1],
];
const twoAlaska = () =>
  orderLine({ design: 'alaska', size: 'mdr', position: 'Front', quantity: 2 });
const shape = (lines: readonly { design: string; quantity: number }[]) =>
  lines.map((l) => [l.design, l.quantity]);

describe.each(DATABASE_KINDS)('a placed order leaves the bag by a job of the cart (%s)', (kind) => {
  let web: TestApp;
  let worker: TestApp | undefined;
  beforeAll(async () => {
    // Serves requests and never runs a job, as a web process whose worker has not got to it yet.
    web = await createTestApp(kind, { processRole: 'web' }, {}, false, FAST_JOBS);
  });
  afterAll(async () => {
    await worker?.close();
    await web?.close();
  });
  const db = () => web.database.db;

  let users = 0;
  const userId = () => `acct_bought_${kind}_${++users}`;
  const emailOf = (c: CartClient) => `${c.userId}@example.com`;

  /** A signed-in shopper with BAG on the server. */
  async function shopperWithBag(): Promise<CartClient> {
    const c = await cartClient(web, userId());
    const res = await c.request('POST', '/api/cart', {
      userId: c.userId,
      cart: [
        cartLine({ design: 'alaska', size: 'mdr', position: 'Front', quantity: 3 }),
        cartLine({ design: 'arizona', size: 'lgs', position: 'Back', quantity: 1 }),
      ],
    });
    expect(res.status, res.text).toBe(200);
    return c;
  }

  /** A paid order placed signed in as `c` (or as a guest with `email`); answers its id. */
  async function buy(
    who: { token?: string; email: string },
    cart: CheckoutCartLine[] = [twoAlaska()],
  ): Promise<string> {
    const { checkout } = await placeOrder(web, { ...who, cart });
    const row = await db()
      .selectFrom('orders')
      .select('id')
      .where('payment_intent_id', '=', checkout.paymentIntentId)
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const buySignedIn = (c: CartClient) => buy({ token: c.token, email: emailOf(c) });

  /** The bag as stored, read past the cart's routes (which settle first). */
  async function stored(c: CartClient) {
    const row = await db()
      .selectFrom('carts')
      .innerJoin('customer_identities', 'customer_identities.customer_id', 'carts.customer_id')
      .select(['carts.id', 'carts.lines', 'carts.version'])
      .where('customer_identities.subject', '=', c.userId)
      .executeTakeFirstOrThrow();
    const lines = JSON.parse(row.lines) as { design: string; quantity: number; itemId: number }[];
    return {
      id: row.id,
      lines: shape(lines),
      itemIds: lines.map((l) => l.itemId),
      version: row.version,
    };
  }

  /** The de-duplication keys of the jobs enqueued for order events (all, or of one order). */
  const eventKeys = async (orderId = '') =>
    (
      await db()
        .selectFrom('job_keys')
        .select('key')
        .where('key', 'like', `order.placed:${orderId}%`)
        .execute()
    ).map((r) => r.key);

  it('the order leaves the bag alone in its transaction and enqueues the cart’s reaction once', async () => {
    const c = await shopperWithBag();
    const before = await stored(c);
    const orderId = await buySignedIn(c);
    expect(await stored(c)).toEqual(before);
    expect(await eventKeys(orderId)).toEqual([`order.placed:${orderId}:${CART_PURCHASES_JOB}`]);
  });

  it('the reaction takes the bought lines out once, however often it runs', async () => {
    const c = await shopperWithBag();
    const { version } = await stored(c);
    const orderId = await buySignedIn(c);
    // Two runs at once (a lease that ended while the first was still going), then one more.
    await Promise.all([removePurchased(db(), orderId), removePurchased(db(), orderId)]);
    await removePurchased(db(), orderId);
    expect(await stored(c)).toMatchObject({ lines: LEFT, version: version + 1 });
    expect(shape((await c.current())!.cart)).toEqual(LEFT);
  });

  it('a GET right after the order, before any job ran, shows the bag without what was bought', async () => {
    const c = await shopperWithBag();
    const { version } = await stored(c);
    const orderId = await buySignedIn(c);
    const cart = (await c.current())!;
    expect(shape(cart.cart)).toEqual(LEFT);
    expect(cart.version).toBe(version + 1);
    // The job, run afterwards, changes nothing more.
    await removePurchased(db(), orderId);
    expect(await stored(c)).toMatchObject({ lines: LEFT, version: version + 1 });
  });

  it('lines added after the order stay: a merge settles the order before it changes the bag', async () => {
    const c = await shopperWithBag();
    const orderId = await buySignedIn(c);
    // Another tab adds 2 Alaska (a merge: the larger quantity wins over the 1 left after the order).
    const merged = await c.request('POST', '/api/cart', {
      userId: c.userId,
      cart: [cartLine({ design: 'alaska', size: 'mdr', position: 'Front', quantity: 2 })],
    });
    expect(merged.status, merged.text).toBe(200);
    const after = [
      ['alaska', 2],
      ['arizona', 1],
    ];
    expect(shape((merged.body as Cart).cart)).toEqual(after);
    await removePurchased(db(), orderId);
    expect((await stored(c)).lines).toEqual(after);
  });

  it('a quantity set or a replace after the order starts from the bag the order left', async () => {
    const c = await shopperWithBag();
    const first = await buySignedIn(c);
    // The cart's id and the line's itemId as the page held them before the order (no GET since).
    const { id, itemIds } = await stored(c);
    const set = await c.request('PATCH', `/api/cart/quantity/${id}/${itemIds[1]}/2`);
    expect(set.status, set.text).toBe(200);
    const after = [
      ['alaska', 1],
      ['arizona', 2],
    ];
    expect(shape((set.body as Cart).cart)).toEqual(after);
    await removePurchased(db(), first);
    expect((await stored(c)).lines).toEqual(after);

    const d = await shopperWithBag();
    const second = await buySignedIn(d);
    const replaced = await d.request('PATCH', `/api/cart/${(await stored(d)).id}`, {
      cart: [cartLine({ design: 'alaska', size: 'mdr', position: 'Front', quantity: 2 })],
    });
    expect(replaced.status, replaced.text).toBe(200);
    await removePurchased(db(), second);
    expect((await stored(d)).lines).toEqual([['alaska', 2]]);
  });

  it('a guest’s order touches no bag and costs no job, even once the customer has claimed it', async () => {
    const c = await shopperWithBag();
    // Bought signed out (another device) with the customer's verified address: their next call
    // claims the order (customers/guest-order-claims.ts), but it never came out of this bag.
    const orderId = await buy({ email: emailOf(c) });
    // No reaction is even enqueued for a guest's order (the event's `when`): no bag, no job.
    expect(await eventKeys(orderId)).toEqual([]);
    expect(shape((await c.current())!.cart)).toEqual(BAG);
    const claimed = await db()
      .selectFrom('orders')
      .select('customer_id')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(claimed.customer_id).not.toBeNull();
    await removePurchased(db(), orderId);
    expect((await stored(c)).lines).toEqual(BAG);
    expect(
      await db()
        .selectFrom('cart_settled_orders')
        .select('order_id')
        .where('order_id', '=', orderId)
        .execute(),
    ).toEqual([]);
  });

  it('an order rolled back (its size sold out meanwhile) publishes nothing', async () => {
    const c = await shopperWithBag();
    const stock = (n: number) =>
      db()
        .updateTable('inventory')
        .set({ stock: n })
        .where('product_id', '=', SHIRT_PRODUCT_ID)
        .where('size', '=', 'xls')
        .execute();
    await stock(5);
    const checkout = await readyCheckout(web, {
      token: c.token,
      email: emailOf(c),
      cart: [orderLine({ design: 'alaska', size: 'xls', position: 'Front', quantity: 2 })],
    });
    // Paid (without the sandbox's webhook, which would make the order before the stock runs short).
    await markPaidSilently(web, checkout.paymentIntentId);
    await stock(1);
    const keys = await eventKeys();
    const res = await web.request('POST', '/api/orders', {
      paymentIntentId: checkout.paymentIntentId,
      clientSecret: checkout.clientSecret,
    });
    expect(res.status, res.text).toBe(409);
    expect(res.body).toMatchObject({ code: 'refunded' });
    expect(
      await db()
        .selectFrom('orders')
        .select('id')
        .where('payment_intent_id', '=', checkout.paymentIntentId)
        .execute(),
    ).toEqual([]);
    expect(await eventKeys()).toEqual(keys);
    expect((await stored(c)).lines).toEqual(BAG);
  });

  it('a worker runs the reactions the web process enqueued: once, after a GET as without one', async () => {
    const read = await shopperWithBag();
    await buySignedIn(read);
    const { version } = await stored(read);
    expect(shape((await read.current())!.cart)).toEqual(LEFT);
    const settled = await stored(read);
    expect(settled.version).toBe(version + 1);
    expect((await web.app.jobs.counts())[CART_PURCHASES_JOB]).toMatchObject({ running: 0 });

    worker = await attachApp(web.database, { processRole: 'worker' }, {}, FAST_JOBS);
    const unread = await shopperWithBag();
    await buySignedIn(unread);
    await vi.waitFor(async () => expect((await stored(unread)).lines).toEqual(LEFT), JOB_WAIT);
    await vi.waitFor(async () => {
      expect((await web.app.jobs.counts())[CART_PURCHASES_JOB]).toBeUndefined();
    }, JOB_WAIT);
    expect(await stored(read)).toEqual(settled);
  });
});
