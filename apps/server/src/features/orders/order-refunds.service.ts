/**
 * Refunds of an order: recorded per order with an idempotency key, never above what was paid (the
 * order's total minus the refunds recorded). The check runs under the order's row lock in the caller's
 * transaction, so concurrent refunds of one order queue up and the last one sees the others.
 */
import type { Transaction } from 'kysely';
import type { OrderActor, OrderStatus } from '@sunward/core/order-status';
import { formatMoney } from '@sunward/core/money';
import type { Database, Db } from '../../db/database.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import type { PaymentProvider } from '../payments/payments.api.ts';
import * as repo from './orders.repository.ts';
import type { OrderRefundRow, OrderRow } from './orders.table.ts';

export type RefundFailure =
  | Failure<'not_found' | 'invalid_amount' | 'exceeds_paid' | 'key_reused' | 'not_paid'>
  /** The order left the status the refund was to move it from: nothing was refunded. */
  | Failure<'status_changed'>
  /** The payment provider said no (`providerCode`: its own code); nothing was recorded. */
  | Failure<'provider_refused', { providerCode: string }>;

export type RefundResult = Result<{ refund: OrderRefundRow; created: boolean }, RefundFailure>;

export interface RefundInput {
  orderId: string;
  /** Cents, more than 0. */
  amount: number;
  reason: string | null;
  /** The same key answers the same refund (a retried request, a double click). */
  idempotencyKey: string;
  actor: OrderActor;
  /** The operator's customer id, when an operator refunds. */
  actorId?: string | null;
  /** What a refund by items took (stored as JSON; a later refund by items starts after it). */
  scope?: { items: { line: number; quantity: number }[]; shipping: boolean } | null;
}

/**
 * An amount worked out under the order's lock (a refund by items reads the units earlier refunds
 * took, which a concurrent refund may be taking), or why there is none.
 */
export type AmountUnderLock = (
  trx: Transaction<Database>,
  order: OrderRow,
) => Promise<number | RefundFailure>;

/** How much of the order can still be refunded, or why `amount` cannot be. */
function checkAmount(order: OrderRow, amount: number): RefundFailure | null {
  if (!Number.isInteger(amount) || amount <= 0) {
    return fail('invalid_amount', 'A refund is a whole number of cents above zero.');
  }
  const left = order.total - order.amount_refunded;
  if (amount > left) {
    return fail(
      'exceeds_paid',
      `A refund of ${formatMoney(amount)} is more than the ${formatMoney(left)} left to refund on this order.`,
    );
  }
  return null;
}

/** The order, locked for the rest of `trx`, and an earlier refund with this key, if any. */
async function lockAndReplay(
  trx: Transaction<Database>,
  input: Pick<RefundInput, 'orderId' | 'idempotencyKey'>,
): Promise<RefundFailure | { order: OrderRow; earlier: OrderRefundRow | undefined }> {
  const order = await repo.lockOrder(trx, input.orderId);
  if (!order) return fail('not_found', 'We could not find this order.');
  const earlier = await repo.findRefundByKey(trx, input.idempotencyKey);
  if (earlier && earlier.order_id !== order.id) {
    return fail('key_reused', 'This idempotency key was used for a refund of another order.');
  }
  return { order, earlier };
}

/**
 * Records a refund the provider made (or one with no provider: an exchange's difference paid back
 * another way), in the caller's transaction, so it lands with the order event that goes with it.
 */
export async function recordOrderRefund(
  trx: Transaction<Database>,
  input: RefundInput & { providerRefundId: string | null; at: string },
): Promise<RefundResult> {
  const locked = await lockAndReplay(trx, input);
  if ('ok' in locked) return locked;
  if (locked.earlier) return ok({ refund: locked.earlier, created: false });
  const refused = checkAmount(locked.order, input.amount);
  if (refused) return refused;
  const refund: OrderRefundRow = {
    id: newId('orf'),
    order_id: input.orderId,
    amount: input.amount,
    reason: input.reason,
    idempotency_key: input.idempotencyKey,
    provider_refund_id: input.providerRefundId,
    actor: input.actor,
    created_at: input.at,
    actor_id: input.actorId ?? null,
    scope: input.scope ? JSON.stringify(input.scope) : null,
  };
  await repo.insertRefund(trx, refund);
  return ok({ refund, created: true });
}

/** Thrown inside the transaction to roll back a refund whose later step failed. */
class Rollback extends Error {
  constructor(readonly failure: RefundFailure) {
    super(failure.message);
  }
}

/** What commits with a refund and its status change (a cancellation: the stock back, the email). */
export type AlongsideRefund = (
  trx: Transaction<Database>,
  done: { order: OrderRow; refund: OrderRefundRow },
) => Promise<void>;

/**
 * Refunds part or all of a paid order through the provider and records it, optionally with a status
 * change (return -> refund, pending -> cancelled) and further steps that go with it (`alongside`), all
 * in one transaction under the order's lock. `amount: 'remaining'` refunds whatever is left, as read
 * under the lock. With a status change the order must still be in `from` once locked, or nothing is
 * asked of the provider (`status_changed`): the lock then keeps the status until the commit, so a
 * refund is never made for a change that cannot happen. With the sandbox the provider's own record
 * joins that transaction, so a step that fails later rolls the refund back too. With Stripe the refund
 * is made during the transaction (the order's row stays locked for that call, which serialises refunds
 * of one order); if the shop's commit then fails, a retry with the same key gets the same Stripe refund
 * back (Stripe's idempotency) and records it. A replay of a recorded key answers that refund
 * (`created: false`) and changes nothing. `amount` may be a function of the locked order (a refund
 * by items, which depends on what earlier refunds took).
 */
export async function refundOrder(
  db: Db,
  deps: { payments: PaymentProvider },
  input: Omit<RefundInput, 'amount'> & {
    amount: number | 'remaining' | AmountUnderLock;
    transition?: { from: OrderStatus; to: OrderStatus };
    alongside?: AlongsideRefund;
    /** The operator's customer id, recorded on the status change's event. */
    actorId?: string;
  },
): Promise<RefundResult> {
  try {
    return await db.transaction().execute(async (trx) => {
      const locked = await lockAndReplay(trx, input);
      if ('ok' in locked) return locked;
      if (locked.earlier) return ok({ refund: locked.earlier, created: false });
      const { order } = locked;
      if (input.transition && order.status !== input.transition.from) {
        return fail('status_changed', 'The order changed while it was being refunded.');
      }
      const amount =
        input.amount === 'remaining'
          ? order.total - order.amount_refunded
          : typeof input.amount === 'function'
            ? await input.amount(trx, order)
            : input.amount;
      if (typeof amount !== 'number') return amount;
      const refused = checkAmount(order, amount);
      if (refused) return refused;
      const intentId = order.payment_intent_id;
      if (!intentId) return fail('not_paid', 'Nothing was paid for this order.');

      const at = nowIso();
      const paid = await deps.payments.refund(intentId, {
        amount,
        ...(input.reason ? { reason: input.reason } : {}),
        idempotencyKey: `order:${input.orderId}:refund:${input.idempotencyKey}`,
        trx,
      });
      if (!paid.ok) {
        // Whatever the provider's own record began in this transaction goes too.
        throw new Rollback(fail('provider_refused', paid.message, { providerCode: paid.code }));
      }
      const recorded = await recordOrderRefund(trx, {
        ...input,
        amount,
        providerRefundId: paid.value.id,
        at,
      });
      if (!recorded.ok) throw new Rollback(recorded);
      if (input.transition) {
        const won = await repo.transitionOrder(trx, {
          orderId: input.orderId,
          ...input.transition,
          actor: input.actor,
          actorId: input.actorId ?? null,
          reason: input.reason ?? `refunded ${formatMoney(amount)}`,
          at,
        });
        if (!won) {
          throw new Rollback(
            fail('status_changed', 'The order changed while it was being refunded.'),
          );
        }
      }
      await input.alongside?.(trx, { order, refund: recorded.value.refund });
      return recorded;
    });
  } catch (error) {
    if (error instanceof Rollback) return error.failure;
    throw error;
  }
}
