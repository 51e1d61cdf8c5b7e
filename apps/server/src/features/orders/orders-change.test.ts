/**
 * Orders that can change, on every database kind: a status change races itself (one winner, one event),
 * an order needs no payment intent while the intent path stays exactly once, and refunds stay within
 * what was paid, once per idempotency key: claimed, asked of the provider outside any transaction,
 * recorded once by the request or by its job (issue 26 item 2).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '@sunward/core/order-status';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../../test/test-app.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { PaymentProvider } from '../payments/payments.api.ts';
import { createSandboxProvider } from '../payments/sandbox.provider.ts';
import * as sandboxRepo from '../payments/sandbox.repository.ts';
import { bindEvents, EventBus } from '../../lib/jobs/events.ts';
import type { JobHandler, JobQueue } from '../../lib/jobs/job-queue.ts';
import {
  RefundCompletions,
  refundOrder,
  registerSettleRefundJob,
  SETTLE_REFUND_JOB,
  type RefundDeps,
} from './order-refunds.service.ts';
import { aboutSettleRefundJob } from './order-refunds.console.ts';
import * as repo from './orders.repository.ts';
import { orderRow } from './orders.factories.ts';
import type { NewOrder } from './orders.table.ts';

describe.each(DATABASE_KINDS)('orders that can change on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // What a built app binds: refunds publish `order.refunded` (no reaction is declared here).
    bindEvents(
      database.db,
      new EventBus({
        work: () => undefined,
        enqueue: (_trx, job) => {
          enqueued.push(job);
          return Promise.resolve(true);
        },
      }),
    );
  });
  afterAll(async () => {
    await database?.drop();
  });

  /** The sandbox on this database, or `payments`; jobs enqueued are kept in `enqueued`. */
  const enqueued: unknown[] = [];
  function deps(payments?: PaymentProvider): RefundDeps {
    return {
      payments: payments ?? sandbox(),
      jobs: {
        enqueue: (_trx, job) => {
          enqueued.push(job);
          return Promise.resolve(true);
        },
      },
      refundCompletions: new RefundCompletions(),
    };
  }
  function sandbox() {
    return createSandboxProvider(database.db, 'whsec_test', () => {
      throw new Error('not used');
    });
  }

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
    const { orderId, intentId } = await paidOrder(1000);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        refundOrder(database.db, deps(), {
          orderId,
          amount: 100,
          reason: 'goodwill',
          idempotencyKey: `${orderId}:r${i}`,
          actor: 'operator',
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.code)).toEqual(
      Array(10).fill('exceeds_paid'),
    );
    const refunds = await repo.listRefunds(database.db, orderId);
    expect(refunds.reduce((sum, r) => sum + r.amount, 0)).toBe(1000);
    expect((await repo.findOrder(database.db, orderId))?.amount_refunded).toBe(1000);
    expect((await sandboxRepo.findIntent(database.db, intentId))?.amount_refunded).toBe(1000);
    expect(await repo.listRefundClaims(database.db, orderId)).toEqual([]);
  });

  it('one idempotency key is one refund, even when sent 10 times at once', async () => {
    const { orderId, intentId } = await paidOrder(1000);
    const key = `${orderId}:same`;
    const input = {
      orderId,
      amount: 300,
      reason: null,
      idempotencyKey: key,
      actor: 'operator' as const,
    };
    const results = await Promise.all(
      Array.from({ length: 10 }, () => refundOrder(database.db, deps(), input)),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && r.value.created)).toHaveLength(1);
    expect(await repo.listRefunds(database.db, orderId)).toHaveLength(1);
    expect((await repo.findOrder(database.db, orderId))?.amount_refunded).toBe(300);
    expect((await sandboxRepo.findIntent(database.db, intentId))?.amount_refunded).toBe(300);
    const other = await paidOrder(1000);
    const reused = await refundOrder(database.db, deps(), { ...input, orderId: other.orderId });
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
    const done = await refundOrder(database.db, deps(payments), input);
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
    const again = await refundOrder(database.db, deps(payments), input);
    expect(again).toMatchObject({ ok: true, value: { created: false } });
    expect((await sandboxRepo.findIntent(database.db, intentId))?.amount_refunded).toBe(2000);

    // The order is no longer in `return`: the status change loses, and the sandbox refund rolls back.
    const lost = await refundOrder(database.db, deps(payments), {
      ...input,
      idempotencyKey: 'return-2',
    });
    expect(lost).toMatchObject({ ok: false, code: 'status_changed' });
    expect((await sandboxRepo.findIntent(database.db, intentId))?.amount_refunded).toBe(2000);
    expect(await repo.listRefunds(database.db, orderId)).toHaveLength(1);

    // More than is left is refused before the provider is asked.
    const tooMuch = await refundOrder(database.db, deps(payments), {
      ...input,
      amount: 3001,
      idempotencyKey: 'return-3',
      transition: undefined,
    });
    expect(tooMuch).toMatchObject({ ok: false, code: 'exceeds_paid' });
    const rest = await refundOrder(database.db, deps(payments), {
      orderId,
      amount: 3000,
      reason: null,
      idempotencyKey: 'rest',
      actor: 'operator',
    });
    expect(rest.ok).toBe(true);
    expect((await sandboxRepo.findIntent(database.db, intentId))?.amount_refunded).toBe(5000);
    expect((await repo.findOrder(database.db, orderId))?.amount_refunded).toBe(5000);
  });

  it('an order nobody paid for has nothing to refund through the provider', async () => {
    const payments = createSandboxProvider(database.db, 'whsec_test', () => {
      throw new Error('not used');
    });
    const orderId = await exchangeOrder();
    const result = await refundOrder(database.db, deps(payments), {
      orderId,
      amount: 100,
      reason: null,
      idempotencyKey: `${orderId}:x`,
      actor: 'operator',
    });
    expect(result).toMatchObject({ ok: false, code: 'not_paid' });
  });

  /** An operator moves the order on to printing; answers whether it moved. */
  const operatorMoves = (orderId: string) =>
    database.db.transaction().execute((trx) =>
      repo.transitionOrder(trx, {
        orderId,
        from: 'pending',
        to: 'in-progress',
        actor: 'operator',
        reason: 'to print',
        at: nowIso(),
      }),
    );

  /** The refund's job as the engine would run it, on this database with `payments`. */
  function settleJob(payments: PaymentProvider, refundCompletions: RefundCompletions) {
    let handler: JobHandler<{ claimId: string }> | undefined;
    const jobs = {
      work: (name: string, h: JobHandler<{ claimId: string }>) => {
        expect(name).toBe(SETTLE_REFUND_JOB);
        handler = h;
      },
    } as unknown as JobQueue;
    const log = { error: () => {} };
    registerSettleRefundJob(jobs, database.db, () => ({
      ...deps(payments),
      refundCompletions,
      log,
    }));
    return (claimId: string) =>
      handler!({
        id: 'job',
        name: SETTLE_REFUND_JOB,
        data: { claimId },
        attempt: 1,
        signal: new AbortController().signal,
      });
  }

  it('a refund whose request died after the provider made it is recorded by its job, once, with its completion', async () => {
    const { orderId, intentId } = await paidOrder(5000);
    const real = sandbox();
    const completions = new RefundCompletions();
    const completed: unknown[] = [];
    completions.register<{ who: string }>(
      'test.cancelled',
      async (_trx, { order, refund, data }) => {
        completed.push({ status: order.status, amount: refund.amount, who: data.who });
      },
    );
    // The provider makes the refund, then the process dies before recording it.
    const dying: PaymentProvider = {
      ...real,
      refund: async (...args) => {
        await real.refund(...args);
        throw new Error('SIGKILL');
      },
    };
    enqueued.length = 0;
    const request = {
      orderId,
      amount: 'remaining' as const,
      reason: 'cancelled by the customer',
      idempotencyKey: `cancel:${orderId}`,
      actor: 'customer' as const,
      transition: { from: 'pending' as const, to: 'cancelled' as const },
      completion: { name: 'test.cancelled', data: { who: 'Ada' } },
    };
    await expect(
      refundOrder(database.db, { ...deps(dying), refundCompletions: completions }, request),
    ).rejects.toThrow('SIGKILL');
    const [claim] = await repo.listRefundClaims(database.db, orderId);
    expect(claim).toMatchObject({ amount: 5000, transition_to: 'cancelled' });
    expect(enqueued).toEqual([
      expect.objectContaining({ name: SETTLE_REFUND_JOB, data: { claimId: claim!.id } }),
    ]);
    expect(await repo.findOrder(database.db, orderId)).toMatchObject({
      status: 'pending',
      amount_refunded: 0,
    });
    expect((await sandboxRepo.findIntent(database.db, intentId))?.amount_refunded).toBe(5000);

    // The console's jobs screen says what the job is for.
    const order = await repo.findOrder(database.db, orderId);
    expect(await aboutSettleRefundJob(database.db, { claimId: claim!.id })).toEqual({
      about: `A refund of $50.00 on order ${order!.order_number}, asked of the payment provider and not recorded yet`,
      target: null,
    });
    // Meanwhile the claim keeps the order pending and its amount taken.
    const moved = await operatorMoves(orderId);
    expect(moved).toBe(false);
    const another = await refundOrder(database.db, deps(real), {
      ...request,
      idempotencyKey: 'other',
      completion: undefined,
    });
    expect(another).toMatchObject({ ok: false, code: 'status_changed' });
    const more = await refundOrder(database.db, deps(real), {
      orderId,
      amount: 1,
      reason: null,
      idempotencyKey: 'more',
      actor: 'operator',
    });
    expect(more).toMatchObject({ ok: false, code: 'exceeds_paid' });

    // The job, twice (a retry after a lost lease): one refund, one status change, one completion.
    const run = settleJob(real, completions);
    await run(claim!.id);
    await run(claim!.id);
    const refunds = await repo.listRefunds(database.db, orderId);
    const [atSandbox] = await database.db
      .selectFrom('sandbox_refunds')
      .selectAll()
      .where('payment_intent_id', '=', intentId)
      .execute()
      .then((rows) => {
        expect(rows).toHaveLength(1);
        return rows;
      });
    expect(refunds).toEqual([
      expect.objectContaining({
        amount: 5000,
        provider_refund_id: atSandbox!.id,
        actor: 'customer',
      }),
    ]);
    expect(await repo.findOrder(database.db, orderId)).toMatchObject({
      status: 'cancelled',
      amount_refunded: 5000,
    });
    expect(completed).toEqual([{ status: 'pending', amount: 5000, who: 'Ada' }]);
    expect(await repo.listRefundClaims(database.db, orderId)).toEqual([]);
    expect(await aboutSettleRefundJob(database.db, { claimId: claim!.id })).toEqual({
      about: 'A refund recorded or refused since',
      target: null,
    });
    // The request again: the recorded refund, nothing new.
    const again = await refundOrder(
      database.db,
      { ...deps(real), refundCompletions: completions },
      request,
    );
    expect(again).toMatchObject({
      ok: true,
      value: { created: false, refund: { id: refunds[0]!.id } },
    });
    expect(completed).toHaveLength(1);
  });

  it('a provider out of reach leaves the refund to its job; a retry of the request takes it over', async () => {
    const { orderId, intentId } = await paidOrder(3000);
    const real = sandbox();
    const outage: PaymentProvider = {
      ...real,
      refund: () =>
        Promise.resolve({ ok: false, code: 'provider_unavailable', message: 'connect ETIMEDOUT' }),
    };
    const request = {
      orderId,
      amount: 1200,
      reason: null,
      idempotencyKey: `${orderId}:out`,
      actor: 'operator' as const,
    };
    const first = await refundOrder(database.db, deps(outage), request);
    expect(first).toMatchObject({
      ok: false,
      code: 'provider_refused',
      providerCode: 'provider_unavailable',
    });
    const [claim] = await repo.listRefundClaims(database.db, orderId);
    expect(claim).toMatchObject({ amount: 1200, claimed_by: null });
    // Still out of reach when the job runs: it fails, to be run again later.
    await expect(settleJob(outage, new RefundCompletions())(claim!.id)).rejects.toThrow(
      'connect ETIMEDOUT',
    );
    expect(await repo.listRefunds(database.db, orderId)).toEqual([]);

    const retried = await refundOrder(database.db, deps(real), request);
    expect(retried).toMatchObject({ ok: true, value: { created: true, refund: { amount: 1200 } } });
    expect(await repo.listRefundClaims(database.db, orderId)).toEqual([]);
    expect((await sandboxRepo.findIntent(database.db, intentId))?.amount_refunded).toBe(1200);
    expect((await repo.findOrder(database.db, orderId))?.amount_refunded).toBe(1200);
  });

  it('a refund the provider refuses releases its claim and changes nothing', async () => {
    const { orderId } = await paidOrder(2000);
    const real = sandbox();
    const refusing: PaymentProvider = {
      ...real,
      refund: () =>
        Promise.resolve({ ok: false, code: 'charge_disputed', message: 'The charge is disputed.' }),
    };
    const refused = await refundOrder(database.db, deps(refusing), {
      orderId,
      amount: 'remaining',
      reason: null,
      idempotencyKey: `cancel:${orderId}`,
      actor: 'customer',
      transition: { from: 'pending', to: 'cancelled' },
    });
    expect(refused).toMatchObject({
      ok: false,
      code: 'provider_refused',
      providerCode: 'charge_disputed',
    });
    expect(await repo.listRefundClaims(database.db, orderId)).toEqual([]);
    expect(await repo.findOrder(database.db, orderId)).toMatchObject({
      status: 'pending',
      amount_refunded: 0,
    });
    const moved = await operatorMoves(orderId);
    expect(moved).toBe(true);
  });
});
