/**
 * Orders that can change, on every database kind: a status change races itself (one winner, one event),
 * an order needs no payment intent while the intent path stays exactly once, and refunds stay within
 * what was paid, once per idempotency key, in the caller's transaction (the sandbox's included).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '@sunward/core/order-status';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../../test/test-app.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { createSandboxProvider } from '../payments/sandbox.provider.ts';
import * as sandboxRepo from '../payments/sandbox.repository.ts';
import { recordOrderRefund, refundOrder } from './order-refunds.service.ts';
import * as repo from './orders.repository.ts';
import { orderRow } from './orders.factories.ts';
import type { NewOrder } from './orders.table.ts';

describe.each(DATABASE_KINDS)('orders that can change on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  /** An order with no payment intent (an exchange), created pending with its creation event. */
  async function exchangeOrder(overrides: Partial<NewOrder> = {}) {
    const row = orderRow(overrides);
    await database.db
      .transaction()
      .execute((trx) => repo.insertOrder(trx, row, { actor: 'operator', reason: 'exchange' }));
    return row.id;
  }

  async function setStatus(orderId: string, status: OrderStatus) {
    await database.db.updateTable('orders').set({ status }).where('id', '=', orderId).execute();
  }

  /** A paid sandbox intent and its order: what a checkout leaves behind. */
  async function paidOrder(total: number) {
    const intentId = newId('pi');
    const now = nowIso();
    await sandboxRepo.insertIntent(database.db, {
      id: intentId,
      client_secret: `${intentId}_secret_x`,
      amount: total,
      currency: 'usd',
      status: 'succeeded',
      metadata: '{}',
      amount_refunded: 0,
      idempotency_key: `create:${intentId}`,
      created_at: now,
      updated_at: now,
    });
    const row = { ...orderRow({ total }), payment_intent_id: intentId, status: 'pending' };
    await database.db.transaction().execute((trx) => repo.insertOrderOnce(trx, row));
    return { orderId: row.id, intentId };
  }

  it('20 concurrent transitions from one status: exactly one wins and writes one event', async () => {
    const orderId = await exchangeOrder();
    const targets: OrderStatus[] = ['in-progress', 'cancelled'];
    const wins = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        database.db.transaction().execute((trx) =>
          repo.transitionOrder(trx, {
            orderId,
            from: 'pending',
            to: targets[i % 2]!,
            actor: 'operator',
            reason: `attempt ${i}`,
            at: nowIso(),
          }),
        ),
      ),
    );
    expect(wins.filter(Boolean)).toHaveLength(1);
    const events = await repo.listEvents(database.db, orderId);
    // the creation event, then the one change
    expect(events.map((e) => [e.from_status, e.to_status])).toEqual([
      [null, 'pending'],
      ['pending', targets[wins.indexOf(true) % 2]],
    ]);
    const order = await repo.findOrder(database.db, orderId);
    expect(order?.status).toBe(targets[wins.indexOf(true) % 2]);
  });

  it('a lost transition writes nothing, and one the machine forbids is a defect', async () => {
    const orderId = await exchangeOrder();
    const change = { orderId, actor: 'operator' as const, reason: null, at: nowIso() };
    const lost = await database.db
      .transaction()
      .execute((trx) => repo.transitionOrder(trx, { ...change, from: 'shipped', to: 'completed' }));
    expect(lost).toBe(false);
    await expect(
      database.db.transaction().execute((trx) =>
        repo.transitionOrder(trx, {
          ...change,
          actor: 'customer',
          from: 'pending',
          to: 'in-progress',
        }),
      ),
    ).rejects.toThrow(/not allowed/);
    expect(await repo.listEvents(database.db, orderId)).toHaveLength(1);
  });

  it('orders without a payment intent coexist; the intent path stays exactly once', async () => {
    const a = await exchangeOrder();
    const b = await exchangeOrder();
    const rows = await database.db
      .selectFrom('orders')
      .select(['id', 'payment_intent_id', 'status'])
      .where('id', 'in', [a, b])
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.payment_intent_id === null && r.status === 'pending')).toBe(true);

    const intentId = newId('pi');
    const inserts = await Promise.all(
      Array.from({ length: 5 }, () =>
        database.db.transaction().execute((trx) =>
          repo.insertOrderOnce(trx, {
            ...orderRow(),
            payment_intent_id: intentId,
            status: 'pending',
          }),
        ),
      ),
    );
    expect(inserts.filter(Boolean)).toHaveLength(1);
  });

  it('refunds never exceed what was paid, under 20 concurrent refunds', async () => {
    const orderId = await exchangeOrder({ total: 1000 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        database.db.transaction().execute((trx) =>
          recordOrderRefund(trx, {
            orderId,
            amount: 100,
            reason: 'goodwill',
            idempotencyKey: `${orderId}:r${i}`,
            actor: 'operator',
            providerRefundId: null,
            at: nowIso(),
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.code)).toEqual(
      Array(10).fill('exceeds_paid'),
    );
    const refunds = await repo.listRefunds(database.db, orderId);
    expect(refunds.reduce((sum, r) => sum + r.amount, 0)).toBe(1000);
    expect((await repo.findOrder(database.db, orderId))?.amount_refunded).toBe(1000);
  });

  it('one idempotency key is one refund, even when sent 10 times at once', async () => {
    const orderId = await exchangeOrder({ total: 1000 });
    const key = `${orderId}:same`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        database.db.transaction().execute((trx) =>
          recordOrderRefund(trx, {
            orderId,
            amount: 300,
            reason: null,
            idempotencyKey: key,
            actor: 'operator',
            providerRefundId: null,
            at: nowIso(),
          }),
        ),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && r.value.created)).toHaveLength(1);
    expect(await repo.listRefunds(database.db, orderId)).toHaveLength(1);
    expect((await repo.findOrder(database.db, orderId))?.amount_refunded).toBe(300);
    const other = await exchangeOrder();
    const reused = await database.db.transaction().execute((trx) =>
      recordOrderRefund(trx, {
        orderId: other,
        amount: 100,
        reason: null,
        idempotencyKey: key,
        actor: 'operator',
        providerRefundId: null,
        at: nowIso(),
      }),
    );
    expect(reused).toMatchObject({ ok: false, code: 'key_reused' });
  });

  it("a sandbox refund, the order's refund and the status change commit together, or not at all", async () => {
    const payments = createSandboxProvider(database.db, 'whsec_test', () => {
      throw new Error('not used');
    });
    const { orderId, intentId } = await paidOrder(5000);
    await setStatus(orderId, 'return');
    const input = {
      orderId,
      amount: 2000,
      reason: 'returned 1 shirt',
      idempotencyKey: 'return-1',
      actor: 'operator' as const,
      transition: { from: 'return' as const, to: 'refund' as const },
    };
    const done = await refundOrder(database.db, { payments }, input);
    expect(done).toMatchObject({ ok: true, value: { created: true, refund: { amount: 2000 } } });
    const intent = await sandboxRepo.findIntent(database.db, intentId);
    expect(intent?.amount_refunded).toBe(2000);
    expect((await repo.findOrder(database.db, orderId))?.status).toBe('refund');
    expect((await repo.listEvents(database.db, orderId)).at(-1)).toMatchObject({
      from_status: 'return',
      to_status: 'refund',
      actor: 'operator',
    });
    // The same request again: the same refund, nothing new anywhere.
    const again = await refundOrder(database.db, { payments }, input);
    expect(again).toMatchObject({ ok: true, value: { created: false } });
    expect((await sandboxRepo.findIntent(database.db, intentId))?.amount_refunded).toBe(2000);

    // The order is no longer in `return`: the status change loses, and the sandbox refund rolls back.
    const lost = await refundOrder(
      database.db,
      { payments },
      {
        ...input,
        idempotencyKey: 'return-2',
      },
    );
    expect(lost).toMatchObject({ ok: false, code: 'status_changed' });
    expect((await sandboxRepo.findIntent(database.db, intentId))?.amount_refunded).toBe(2000);
    expect(await repo.listRefunds(database.db, orderId)).toHaveLength(1);

    // More than is left is refused before the provider is asked.
    const tooMuch = await refundOrder(
      database.db,
      { payments },
      {
        ...input,
        amount: 3001,
        idempotencyKey: 'return-3',
        transition: undefined,
      },
    );
    expect(tooMuch).toMatchObject({ ok: false, code: 'exceeds_paid' });
    const rest = await refundOrder(
      database.db,
      { payments },
      {
        orderId,
        amount: 3000,
        reason: null,
        idempotencyKey: 'rest',
        actor: 'operator',
      },
    );
    expect(rest.ok).toBe(true);
    expect((await sandboxRepo.findIntent(database.db, intentId))?.amount_refunded).toBe(5000);
    expect((await repo.findOrder(database.db, orderId))?.amount_refunded).toBe(5000);
  });

  it('an order nobody paid for has nothing to refund through the provider', async () => {
    const payments = createSandboxProvider(database.db, 'whsec_test', () => {
      throw new Error('not used');
    });
    const orderId = await exchangeOrder();
    const result = await refundOrder(
      database.db,
      { payments },
      {
        orderId,
        amount: 100,
        reason: null,
        idempotencyKey: `${orderId}:x`,
        actor: 'operator',
      },
    );
    expect(result).toMatchObject({ ok: false, code: 'not_paid' });
  });
});
