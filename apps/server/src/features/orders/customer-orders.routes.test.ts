/**
 * Signed-in checkout and the order history over real HTTP on every test database: create-pi makes the
 * order the caller's customer's, the confirmation email links to the account page (a guest's keeps the
 * order lookup), the history pages newest first with no gaps or repeats, and nobody sees anyone
 * else's orders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@sunward/core/checkout-schemas';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { SHIRT_PRICE_ID, SHIRT_PRODUCT_ID } from '../../db/seed.ts';
import { newId } from '../../lib/ids.ts';
import { cartLine, placeOrder } from '../checkout/checkout.factories.ts';
import { mintToken } from '../customers/customers.factories.ts';
import { orderRow } from './orders.factories.ts';

interface OrderPage {
  orders: Order[];
  nextCursor: string | null;
}

describe.each(DATABASE_KINDS)('signed-in checkout and order history on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  /** A customer of the built-in issuer: its token, user id and customer id. */
  async function shopper(name: string) {
    const sub = newId('acct');
    const email = `${name}.${sub}@example.com`.toLowerCase();
    const token = await mintToken(t.database.db, t.baseUrl, {
      claims: { sub, email, email_verified: true, name },
    });
    const record = await t.request('GET', `/api/customers/${sub}`, undefined, auth(token));
    if (record.status !== 200) throw new Error(`customer ${record.status}: ${record.text}`);
    return { token, sub, email, customerId: (record.body as { id: string }).id };
  }

  const history = (token: string, userId: string, query = '') =>
    t.request('GET', `/api/customers/${encodeURIComponent(userId)}/orders${query}`, undefined, {
      ...auth(token),
    });

  const mailFor = (orderNumber: string) =>
    t.database.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('kind', '=', 'order-confirmation')
      .where('subject', 'like', `%${orderNumber}%`)
      .execute();

  it("a signed-in checkout paid end to end is the customer's order, on their history", async () => {
    const ann = await shopper('Ann');
    const { checkout, order } = await placeOrder(t, { token: ann.token, email: ann.email });
    expect(order).toMatchObject({ status: 'pending', total: checkout.totals.total });
    const rows = await t.database.db
      .selectFrom('orders')
      .select(['customer_id', 'order_number'])
      .where('payment_intent_id', '=', checkout.paymentIntentId)
      .execute();
    expect(rows).toEqual([{ customer_id: ann.customerId, order_number: order.orderNumber }]);
    const checkoutRow = await t.database.db
      .selectFrom('checkouts')
      .select('customer_id')
      .where('payment_intent_id', '=', checkout.paymentIntentId)
      .executeTakeFirstOrThrow();
    expect(checkoutRow.customer_id).toBe(ann.customerId);

    const res = await history(ann.token, ann.sub);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({ orders: [order], nextCursor: null });
    // By customer id too.
    expect((await history(ann.token, ann.customerId)).body).toEqual(res.body);
  });

  it('a paid order takes what was bought out of the customer’s server bag, and leaves the rest', async () => {
    const di = await shopper('Di');
    const bought = cartLine({ design: 'alaska', size: 'mdr', position: 'Front', quantity: 2 });
    const saved = await t.request(
      'POST',
      '/api/cart',
      {
        userId: di.sub,
        cart: [
          { ...bought, quantity: 3 },
          cartLine({ design: 'arizona', size: 'lgs', position: 'Back', quantity: 1, itemId: 7 }),
        ],
      },
      auth(di.token),
    );
    expect(saved.status, saved.text).toBe(200);
    // The shopper checks out two of the three Alaska shirts (they changed their mind at checkout).
    await placeOrder(t, { token: di.token, email: di.email, cart: [bought] });
    const after = await t.request('GET', `/api/cart/${di.sub}`, undefined, auth(di.token));
    const [cart] = after.body as { cart: { design: string; quantity: number }[] }[];
    expect(cart!.cart.map((l) => [l.design, l.quantity])).toEqual([
      ['alaska', 1],
      ['arizona', 1],
    ]);
    // Buying the rest empties the bag.
    await placeOrder(t, {
      token: di.token,
      email: di.email,
      cart: [
        { ...bought, quantity: 1 },
        cartLine({ design: 'arizona', size: 'lgs', position: 'Back', quantity: 1 }),
      ],
    });
    const empty = await t.request('GET', `/api/cart/${di.sub}`, undefined, auth(di.token));
    expect((empty.body as { cart: unknown[] }[])[0]!.cart).toEqual([]);
  });

  it('a guest checkout belongs to nobody', async () => {
    const { checkout } = await placeOrder(t, { email: 'guest.only@example.com' });
    const row = await t.database.db
      .selectFrom('orders')
      .select('customer_id')
      .where('payment_intent_id', '=', checkout.paymentIntentId)
      .executeTakeFirstOrThrow();
    expect(row.customer_id).toBeNull();
  });

  it('the confirmation email of a signed-in order links to the account; a guest’s to the lookup', async () => {
    const bo = await shopper('Bo');
    const signedIn = (await placeOrder(t, { token: bo.token, email: bo.email })).order;
    const guest = (await placeOrder(t, { email: 'guest.mail@example.com' })).order;
    const [mine] = await mailFor(signedIn.orderNumber);
    const [theirs] = await mailFor(guest.orderNumber);
    expect(mine!.to_address).toBe(bo.email);
    expect(mine!.text).toContain(`See your order in your account <${t.baseUrl}/account>.`);
    expect(mine!.html).toContain(`href="${t.baseUrl}/account"`);
    expect(mine!.text).not.toContain('/order-lookup');
    expect(mine!.html).not.toContain('/order-lookup');
    expect(theirs!.text).toContain(
      `Look up your order <${t.baseUrl}/order-lookup> with your order number and email.`,
    );
    expect(theirs!.html).toContain(`href="${t.baseUrl}/order-lookup"`);
    expect(theirs!.text).not.toContain('/account');
    expect(theirs!.html).not.toContain('/account');
  });

  it('pages 45 orders newest first: 20, 20, 5, no repeats, no gaps, ties on created_at in id order', async () => {
    const cy = await shopper('Cy');
    // 15 instants, 3 orders each: every page boundary falls inside a tie somewhere.
    const rows = Array.from({ length: 45 }, (_, i) => {
      const at = new Date(Date.UTC(2026, 0, 1 + Math.floor(i / 3), 12)).toISOString();
      return orderRow({
        customer_id: cy.customerId,
        email: cy.email,
        payment_intent_id: newId('pi'),
        created_at: at,
        updated_at: at,
        total: 5000 + i,
      });
    });
    await t.database.db.insertInto('orders').values(rows).execute();
    await t.database.db
      .insertInto('order_items')
      .values(
        rows.map((o, i) => ({
          id: newId('oi'),
          order_id: o.id,
          line_no: 1,
          product_id: SHIRT_PRODUCT_ID,
          price_id: SHIRT_PRICE_ID,
          design: 'alaska',
          size: 'mdr',
          position: 'Front',
          quantity: 1 + (i % 10),
          unit_amount: 4500,
        })),
      )
      .execute();
    // Someone else's orders never appear.
    await t.database.db
      .insertInto('orders')
      .values(orderRow({ payment_intent_id: newId('pi'), created_at: rows[10]!.created_at }))
      .execute();

    const expected = [...rows].sort((a, b) =>
      a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1,
    );
    const pages: OrderPage[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
      const res = await history(cy.token, cy.sub, query);
      expect(res.status).toBe(200);
      pages.push(res.body as OrderPage);
      cursor = (res.body as OrderPage).nextCursor;
    } while (cursor && pages.length < 5);
    expect(pages.map((p) => p.orders.length)).toEqual([20, 20, 5]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    const seen = pages.flatMap((p) => p.orders);
    expect(seen.map((o) => o.orderNumber)).toEqual(expected.map((o) => o.order_number));
    // Each order with its own items (one query for the page, matched by order).
    for (const o of seen) {
      const i = rows.findIndex((r) => r.order_number === o.orderNumber);
      expect(o.total).toBe(5000 + i);
      expect(o.products).toEqual([
        expect.objectContaining({ quantity: 1 + (i % 10), productCost: 4500, design: 'alaska' }),
      ]);
    }

    // limit: 1..50 (default 20); 50 in one page, then the rest.
    const big = (await history(cy.token, cy.sub, '?limit=50')).body as OrderPage;
    expect(big.orders).toHaveLength(45);
    expect(big.nextCursor).toBeNull();
    const small = (await history(cy.token, cy.sub, '?limit=7')).body as OrderPage;
    expect(small.orders.map((o) => o.orderNumber)).toEqual(
      expected.slice(0, 7).map((o) => o.order_number),
    );
    const next = (
      await history(cy.token, cy.sub, `?limit=7&cursor=${encodeURIComponent(small.nextCursor!)}`)
    ).body as OrderPage;
    expect(next.orders.map((o) => o.orderNumber)).toEqual(
      expected.slice(7, 14).map((o) => o.order_number),
    );
    for (const bad of ['?limit=0', '?limit=51', '?limit=abc', '?limit=2.5']) {
      const res = await history(cy.token, cy.sub, bad);
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({
        code: 'invalid_request',
        message: expect.stringMatching(/^limit must be /),
      });
    }
  });

  it('a made-up or tampered cursor is a 400', async () => {
    const di = await shopper('Di');
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const cursor of [
      'not a cursor',
      'bm90IGpzb24',
      b64({ createdAt: '2026-01-01T00:00:00.000Z' }),
      b64({ createdAt: 5, id: 'ord_x' }),
      b64({ createdAt: '2026-01-01T00:00:00.000Z', id: 'ord_x', extra: 1 }),
      b64(['2026-01-01', 'ord_x']),
      b64(null),
    ]) {
      const res = await history(di.token, di.sub, `?cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor).toBe(400);
      expect(res.body).toMatchObject({ code: 'invalid_cursor' });
    }
    const good = b64({ createdAt: '2026-01-01T00:00:00.000Z', id: 'ord_x' });
    expect((await history(di.token, di.sub, `?cursor=${good}`)).body).toEqual({
      orders: [],
      nextCursor: null,
    });
  });

  it("customer A gets a 403, never data, for B's order history", async () => {
    const a = await shopper('Ada');
    const b = await shopper('Ben');
    await placeOrder(t, { token: b.token, email: b.email });
    for (const id of [b.sub, b.customerId, 'acct_nobody', 'cus_nobody']) {
      const res = await history(a.token, id);
      expect(res.status, id).toBe(403);
      expect(res.body).toEqual({ code: 'forbidden', message: 'You can only see your own orders.' });
      expect(res.text).not.toContain(b.email);
    }
    // A still sees only their own (none).
    expect((await history(a.token, a.sub)).body).toEqual({ orders: [], nextCursor: null });
  });

  it('anonymous callers get 401 on every signed-in order route, and nothing is started', async () => {
    const checkouts = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('checkouts')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await checkouts();
    const calls: [string, string, unknown][] = [
      ['POST', '/api/orders/create-pi', { cart: [cartLine()] }],
      ['GET', '/api/customers/acct_x/orders', undefined],
      ['POST', '/api/orders/cancel', { orderNumber: 'ABCDEFGHJK' }],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.request(method, path, body);
      expect(res.status, path).toBe(401);
      expect(res.body).toMatchObject({ code: 'unauthorized' });
      const bad = await t.request(method, path, body, auth('not.a.token'));
      expect(bad.status, path).toBe(401);
      expect(bad.body).toMatchObject({ code: 'invalid_token' });
    }
    expect(await checkouts()).toBe(before);
  });
});
