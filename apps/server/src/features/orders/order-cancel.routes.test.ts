/**
 * Cancel Order over real HTTP on every test database, with the sandbox as the payment provider: the
 * customer's own pending order only, refunded in full exactly once however often and however
 * concurrently it is asked (and whatever an operator does meanwhile), the stock given back, the event
 * and the email recorded with the status change; a refused refund changes nothing.
 */
import { setShirtStock } from '../catalog/admin-catalog.factories.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '@sunward/core/checkout-schemas';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { beforeTransactions, someoneWaitsOnLock } from '../../../test/interleavings.ts';
import { SHIRT_PRICE_ID, SHIRT_PRODUCT_ID } from '../../db/seed.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { cartLine, placeOrder } from '../checkout/checkout.factories.ts';
import { mintToken } from '../customers/customers.factories.ts';
import { orderRow } from './orders.factories.ts';
import * as repo from './orders.repository.ts';

describe.each(DATABASE_KINDS)('Cancel Order on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  async function shopper(name: string) {
    const sub = newId('acct');
    const email = `${name}.${sub}@example.com`.toLowerCase();
    const token = await mintToken(db(), t.baseUrl, {
      claims: { sub, email, email_verified: true, name },
    });
    return { token, sub, email };
  }

  /** A signed-in order paid end to end (2 shirts in `size`), and its row. */
  async function paidOrder(who: { token: string; email: string }, size = 'mdr') {
    const { order, checkout } = await placeOrder(t, {
      token: who.token,
      email: who.email,
      cart: [cartLine({ quantity: 2, size })],
    });
    const row = await repo.findOrderByIntent(db(), checkout.paymentIntentId);
    return { order, row: row! };
  }

  const cancel = (token: string, orderNumber: string) =>
    t.request('POST', '/api/orders/cancel', { orderNumber }, auth(token));

  /** What a cancellation leaves behind for one order. */
  async function traces(orderId: string, intentId: string) {
    const [sandboxRefunds, refunds, events, emails, order] = await Promise.all([
      db()
        .selectFrom('sandbox_refunds')
        .selectAll()
        .where('payment_intent_id', '=', intentId)
        .execute(),
      repo.listRefunds(db(), orderId),
      db()
        .selectFrom('order_events')
        .selectAll()
        .where('order_id', '=', orderId)
        .where('to_status', '=', 'cancelled')
        .execute(),
      db()
        .selectFrom('email_outbox')
        .selectAll()
        .where('dedupe_key', '=', `order-cancelled:${orderId}`)
        .execute(),
      repo.findOrder(db(), orderId),
    ]);
    return { sandboxRefunds, refunds, events, emails, order: order! };
  }

  const stockOf = async (size: string) =>
    (
      await db()
        .selectFrom('inventory')
        .select('stock')
        .where('product_id', '=', SHIRT_PRODUCT_ID)
        .where('size', '=', size)
        .executeTakeFirstOrThrow()
    ).stock;
  const setStock = (size: string, stock: number | null) => setShirtStock(db(), size, stock);

  it('cancels a pending order: refunded in full, stock back, event, email; a second cancel is a 409', async () => {
    const eve = await shopper('Eve');
    await setStock('xls', 5);
    const { order, row } = await paidOrder(eve, 'xls');
    expect(await stockOf('xls')).toBe(3);

    const res = await cancel(eve.token, order.orderNumber);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const cancelled = res.body as Order;
    expect(cancelled).toMatchObject({
      orderNumber: order.orderNumber,
      status: 'cancelled',
      total: order.total,
      products: order.products,
    });
    expect(cancelled.updatedAt >= order.updatedAt).toBe(true);

    const after = await traces(row.id, row.payment_intent_id!);
    expect(after.sandboxRefunds.map((r) => r.amount)).toEqual([order.total]);
    expect(after.sandboxRefunds[0]!.idempotency_key).toBe(
      `order:${row.id}:refund:cancel:${row.id}`,
    );
    expect(after.refunds).toMatchObject([
      {
        amount: order.total,
        actor: 'customer',
        idempotency_key: `cancel:${row.id}`,
        provider_refund_id: after.sandboxRefunds[0]!.id,
      },
    ]);
    expect(after.order).toMatchObject({ status: 'cancelled', amount_refunded: order.total });
    expect(after.events).toMatchObject([
      { actor: 'customer', from_status: 'pending', reason: 'cancelled by the customer' },
    ]);
    expect(await stockOf('xls')).toBe(5);
    const intent = await db()
      .selectFrom('sandbox_payment_intents')
      .select('amount_refunded')
      .where('id', '=', row.payment_intent_id)
      .executeTakeFirstOrThrow();
    expect(intent.amount_refunded).toBe(order.total);

    expect(after.emails).toHaveLength(1);
    const mail = after.emails[0]!;
    expect(mail).toMatchObject({ kind: 'order-cancelled', to_address: eve.email });
    expect(mail.subject).toBe(`Sunward order ${order.orderNumber} cancelled and refunded`);
    const total = `$${(order.total / 100).toFixed(2)}`;
    expect(mail.text).toContain(
      `Your order ${order.orderNumber} has been cancelled, as you asked.`,
    );
    expect(mail.text).toContain(`We have refunded ${total} to your Visa card ending in 4242.`);
    expect(mail.text).toContain('within 5 to 10 business days');
    expect(mail.text).toContain(`Your orders are in your account <${t.baseUrl}/account>.`);
    expect(mail.html).toContain('Your Order Has Been Cancelled');
    expect(mail.html).toContain(`href="${t.baseUrl}/account"`);
    expect(mail.html).toContain(`We have refunded ${total} to your Visa card ending in 4242.`);

    const again = await cancel(eve.token, order.orderNumber);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      code: 'not_cancellable',
      message: 'This order is already cancelled.',
    });
    const still = await traces(row.id, row.payment_intent_id!);
    expect(
      [still.sandboxRefunds, still.refunds, still.events, still.emails].map((l) => l.length),
    ).toEqual([1, 1, 1, 1]);
    expect(await stockOf('xls')).toBe(5);
    await setStock('xls', null);
  });

  it('the cancel raced 20 times in parallel refunds exactly once', async () => {
    const fay = await shopper('Fay');
    await setStock('sms', 10);
    const { order, row } = await paidOrder(fay, 'sms');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => cancel(fay.token, order.orderNumber)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(19).fill(409)]);
    for (const a of answers.filter((r) => r.status === 409)) {
      expect(a.body).toEqual({
        code: 'not_cancellable',
        message: 'This order is already cancelled.',
      });
    }
    const after = await traces(row.id, row.payment_intent_id!);
    expect(after.sandboxRefunds).toHaveLength(1);
    expect(after.refunds).toHaveLength(1);
    expect(after.events).toHaveLength(1);
    expect(after.emails).toHaveLength(1);
    expect(after.order).toMatchObject({ status: 'cancelled', amount_refunded: order.total });
    expect(await stockOf('sms')).toBe(10); // given back once
    await setStock('sms', null);
  });

  /** The operator's move pending -> in-progress, in its own transaction; `hold` runs before it commits. */
  const operatorMoves = (orderId: string, hold: () => Promise<void> = async () => {}) =>
    db()
      .transaction()
      .execute(async (trx) => {
        const moved = await repo.transitionOrder(trx, {
          orderId,
          from: 'pending',
          to: 'in-progress',
          actor: 'operator',
          reason: 'to print',
          at: nowIso(),
        });
        await hold();
        return moved;
      });

  it('racing an operator who moves the order on: one of them wins, the refund at most once', async () => {
    const gus = await shopper('Gus');
    type Answer = Awaited<ReturnType<typeof cancel>>;
    /**
     * The operator moves at one step of the cancel (order-cancel.service.ts), reached through a hook
     * rather than a delay, so each run takes the same path: before it; after it read the order pending
     * and before it locked it; while it asks the provider for the refund (claimed, no lock); after it.
     */
    const moments: Array<{
      moment: string;
      winner: 'operator' | 'customer';
      race: (orderNumber: string, orderId: string) => Promise<[Answer, boolean]>;
    }> = [
      {
        moment: 'before the cancel',
        winner: 'operator',
        race: async (orderNumber, orderId) => {
          const moved = await operatorMoves(orderId);
          return [await cancel(gus.token, orderNumber), moved];
        },
      },
      {
        moment: 'after the cancel read the order pending, before it locks it',
        winner: 'operator',
        race: async (orderNumber, orderId) => {
          // The cancel's one transaction is its refund's, under the order's lock.
          let moved: boolean | undefined;
          const stop = beforeTransactions(db(), async () => {
            moved = await operatorMoves(orderId);
            return true;
          });
          try {
            const res = await cancel(gus.token, orderNumber);
            expect(moved, 'the operator moved inside the cancel').toBeDefined();
            return [res, moved!];
          } finally {
            stop();
          }
        },
      },
      {
        moment: 'while the cancel asks the provider for the refund',
        winner: 'customer',
        race: async (orderNumber, orderId) => {
          const refund = t.app.payments.refund.bind(t.app.payments);
          let moved: boolean | undefined;
          const asked = vi
            .spyOn(t.app.payments, 'refund')
            .mockImplementationOnce(async (...args) => {
              // The cancel holds no lock while the provider is asked (a lock held here would keep
              // the operator waiting for ever); its claimed refund keeps the order pending.
              moved = await operatorMoves(orderId);
              return refund(...args);
            });
          try {
            const res = await cancel(gus.token, orderNumber);
            expect(moved, 'the operator moved inside the cancel').toBeDefined();
            return [res, moved!];
          } finally {
            asked.mockRestore();
          }
        },
      },
      {
        moment: 'after the cancel',
        winner: 'customer',
        race: async (orderNumber, orderId) => {
          const res = await cancel(gus.token, orderNumber);
          return [res, await operatorMoves(orderId)];
        },
      },
    ];
    for (const { moment, winner, race } of moments) {
      const { order, row } = await paidOrder(gus);
      // Nothing of the purchase left running in the background to take a hook meant for the cancel.
      await t.app.sandboxWebhooks.drain();
      await t.app.mailer.drain();
      const [res, moved] = await race(order.orderNumber, row.id);
      const after = await traces(row.id, row.payment_intent_id!);
      const counts = [after.sandboxRefunds, after.refunds, after.events, after.emails].map(
        (l) => l.length,
      );
      expect(res.status, moment).toBe(winner === 'customer' ? 200 : 409);
      if (res.status === 200) {
        expect(moved).toBe(false);
        expect(after.order.status).toBe('cancelled');
        expect(counts).toEqual([1, 1, 1, 1]);
      } else {
        expect(moved).toBe(true);
        expect(res.status).toBe(409);
        expect(res.body).toEqual({
          code: 'not_cancellable',
          message: 'This order is in progress and can no longer be cancelled.',
        });
        expect(after.order).toMatchObject({ status: 'in-progress', amount_refunded: 0 });
        expect(counts).toEqual([0, 0, 0, 0]);
      }
    }
  });

  it('a cancel that waits on an operator holding the order refuses without asking the provider', async () => {
    const jo = await shopper('Jo');
    const { order, row } = await paidOrder(jo);
    /**
     * Until the cancel waits on the operator's transaction: on PostgreSQL on the order's row lock
     * (seen in pg_stat_activity); on SQLite every query queues on the one connection the operator's
     * transaction holds, so the cancel waits from the moment the server has its request.
     */
    const cancelWaits = async (arrived: Promise<void>) => {
      if (kind === 'postgres') await someoneWaitsOnLock(db());
      else await arrived;
    };
    const asked = vi.spyOn(t.app.payments, 'refund');
    let cancelling: Promise<Awaited<ReturnType<typeof cancel>>> | undefined;
    const moved = await operatorMoves(row.id, async () => {
      const arrived = new Promise<void>((resolve) => t.app.server.once('request', () => resolve()));
      cancelling = cancel(jo.token, order.orderNumber);
      await cancelWaits(arrived);
    });
    const res = await cancelling!;
    // The provider is never asked for a refund the status change could not go with.
    expect(asked).not.toHaveBeenCalled();
    asked.mockRestore();
    expect(moved).toBe(true);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'not_cancellable' });
    const after = await traces(row.id, row.payment_intent_id!);
    expect(after.order).toMatchObject({ status: 'in-progress', amount_refunded: 0 });
    expect(after.sandboxRefunds).toHaveLength(0);
    expect(after.refunds).toHaveLength(0);
  });

  it('only a pending order can be cancelled; the message names the status', async () => {
    const hal = await shopper('Hal');
    const { order, row } = await paidOrder(hal);
    for (const [status, message] of [
      ['in-progress', 'This order is in progress and can no longer be cancelled.'],
      ['shipped', 'This order has shipped and can no longer be cancelled.'],
      ['completed', 'This order has been delivered and can no longer be cancelled.'],
      ['return', 'This order has a return in progress and can no longer be cancelled.'],
      ['refund', 'This order has been refunded and can no longer be cancelled.'],
    ]) {
      await db().updateTable('orders').set({ status }).where('id', '=', row.id).execute();
      const res = await cancel(hal.token, order.orderNumber);
      expect(res.status, status).toBe(409);
      expect(res.body).toEqual({ code: 'not_cancellable', message });
    }
    expect((await traces(row.id, row.payment_intent_id!)).sandboxRefunds).toHaveLength(0);
  });

  it('a refused refund is a 502: the order stays pending, nothing recorded, nothing sent', async () => {
    const ivy = await shopper('Ivy');
    await setStock('lgr', 4);
    const { order, row } = await paidOrder(ivy, 'lgr');
    // A refund made outside the shop (the processor's dashboard): a full refund is now too much.
    const outside = await t.app.payments.refund(row.payment_intent_id!, {
      amount: 100,
      idempotencyKey: `outside:${row.id}`,
    });
    expect(outside.ok).toBe(true);
    const res = await cancel(ivy.token, order.orderNumber);
    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      code: 'refund_failed',
      message:
        'We could not refund your payment just now, so your order has not been cancelled. Please try again in a few minutes, or contact support.',
    });
    const after = await traces(row.id, row.payment_intent_id!);
    expect(after.order).toMatchObject({ status: 'pending', amount_refunded: 0 });
    expect(after.refunds).toHaveLength(0);
    expect(after.events).toHaveLength(0);
    expect(after.emails).toHaveLength(0);
    expect(after.sandboxRefunds.map((r) => r.amount)).toEqual([100]); // only the outside one
    expect(await stockOf('lgr')).toBe(2);
    await setStock('lgr', null);
  });

  it('an order nobody paid for (an exchange) is cancelled with nothing to refund', async () => {
    const kim = await shopper('Kim');
    const record = await t.request('GET', `/api/customers/${kim.sub}`, undefined, auth(kim.token));
    const customerId = (record.body as { id: string }).id;
    await setStock('smr', 3);
    const row = orderRow({ customer_id: customerId, email: kim.email, total: 0, sales_tax: 0 });
    await db()
      .transaction()
      .execute(async (trx) => {
        await repo.insertOrder(trx, row, { actor: 'operator', reason: 'exchange' });
        await repo.insertItems(trx, [
          {
            id: newId('oi'),
            order_id: row.id,
            line_no: 1,
            product_id: SHIRT_PRODUCT_ID,
            price_id: SHIRT_PRICE_ID,
            design: 'alaska',
            size: 'smr',
            position: 'Front',
            quantity: 1,
            unit_amount: 4500,
          },
        ]);
      });
    const asked = vi.spyOn(t.app.payments, 'refund');
    const res = await cancel(kim.token, row.order_number);
    expect(asked).not.toHaveBeenCalled();
    asked.mockRestore();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', total: 0 });
    const events = await repo.listEvents(db(), row.id);
    expect(events.map((e) => [e.actor, e.from_status, e.to_status])).toEqual([
      ['operator', null, 'pending'],
      ['customer', 'pending', 'cancelled'],
    ]);
    expect(await repo.listRefunds(db(), row.id)).toHaveLength(0);
    expect(await stockOf('smr')).toBe(4);
    const [mail] = await db()
      .selectFrom('email_outbox')
      .selectAll()
      .where('dedupe_key', '=', `order-cancelled:${row.id}`)
      .execute();
    expect(mail!.subject).toBe(`Sunward order ${row.order_number} cancelled`);
    expect(mail!.text).toContain('There is no card payment left to refund on this order.');
    expect((await cancel(kim.token, row.order_number)).body).toEqual({
      code: 'not_cancellable',
      message: 'This order is already cancelled.',
    });
    await setStock('smr', null);
  });

  it("customer A gets a 404, never data, for B's order; an unknown number is the same 404", async () => {
    const a = await shopper('Ana');
    const b = await shopper('Bea');
    const { order, row } = await paidOrder(b);
    const theirs = await cancel(a.token, order.orderNumber);
    const unknown = await cancel(a.token, 'ZZZZZZZZZZ');
    for (const res of [theirs, unknown]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'not_found', message: 'We could not find this order.' });
    }
    const after = await traces(row.id, row.payment_intent_id!);
    expect(after.order.status).toBe('pending');
    expect(after.sandboxRefunds).toHaveLength(0);
    // Bad input is plain bad input.
    expect((await cancel(a.token, '')).status).toBe(400);
    // B can: the order number as typed (lowercase) finds it too.
    expect((await cancel(b.token, order.orderNumber.toLowerCase())).status).toBe(200);
  });
});
