/**
 * Refunds of an order: recorded per order with an idempotency key, never above what was paid (the
 * order's total minus the refunds recorded and claimed), and asked of the payment provider outside any
 * transaction (issue 26 item 2, docs/decisions/034). Named steps:
 * 1. claim, under the order's row lock in a short transaction: replay a recorded key; check the
 *    status the refund moves the order from and the amount left; record the refund as claimed
 *    (`order_refund_claims`: its amount counts as taken, its status change keeps the order where it
 *    is) with a job that finishes it if this process dies (`orders.settle-refund`);
 * 2. ask the provider, holding no lock, with the claim's idempotency key (one refund however often);
 * 3. settle, under the lock again: the refund recorded, the status changed and what the asking feature
 *    does with it (its completion, by name: the stock back and the email of a cancellation...), the
 *    claim deleted; a refusal deletes the claim and changes nothing else.
 * A second call with the same key while the first is between steps joins it (asks with the same key,
 * and whoever settles first records it); a provider out of reach leaves the claim to the job.
 */
import type { Transaction } from 'kysely';
import type { OrderActor, OrderStatus } from '@sunward/core/order-status';
import { formatMoney } from '@sunward/core/money';
import type { Database, Db } from '../../db/database.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { JobQueue, WorkOptions } from '../../lib/jobs/job-queue.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import type { PaymentProvider, ProviderResult, RefundView } from '../payments/payments.api.ts';
import { publishEvent } from '../../lib/jobs/events.ts';
import { ORDER_REFUNDED, type OrderRefunded } from './orders.events.ts';
import * as repo from './orders.repository.ts';
import type { OrderRefundClaimRow, OrderRefundRow, OrderRow } from './orders.table.ts';

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
 * took, which a concurrent refund may be taking), or why there is none. `order.amount_refunded`
 * counts the refunds claimed and not yet recorded.
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
 * What the feature that asked for a refund does when it is recorded, in the same transaction (a
 * cancellation: the stock back and the email; a return: the return refunded and its email). Given
 * the order as it was locked before the refund was recorded, the refund, and the data the request
 * gave (JSON). Run by the request that asked or, if that one died, by the refund's job.
 */
export type RefundCompletion<T> = (
  trx: Transaction<Database>,
  done: { order: OrderRow; refund: OrderRefundRow; data: T },
) => Promise<void>;

/** The completions of every feature that refunds, by name; one per app, declared at registration. */
export class RefundCompletions {
  readonly #byName = new Map<string, RefundCompletion<unknown>>();

  register<T>(name: string, completion: RefundCompletion<T>): void {
    if (this.#byName.has(name))
      throw new Error(`The refund completion "${name}" is declared twice`);
    this.#byName.set(name, completion as RefundCompletion<unknown>);
  }

  /** A name no process declared is a defect: the refund's settlement fails and is retried. */
  get(name: string): RefundCompletion<unknown> {
    const completion = this.#byName.get(name);
    if (!completion) throw new Error(`No refund completion "${name}" is declared`);
    return completion;
  }
}

export interface RefundDeps {
  payments: PaymentProvider;
  jobs: Pick<JobQueue, 'enqueue'>;
  refundCompletions: RefundCompletions;
}

export const SETTLE_REFUND_JOB = 'orders.settle-refund';

/**
 * The request settles its claim at once; the job is the net behind it, due when any request would
 * have ended (Stripe's calls time out after 10 s, with two retries), then like the refunds of
 * payments that could not become orders: doubling to two hours, about a day of asking.
 */
const SETTLE_DELAY_MS = 2 * 60_000;
export const SETTLE_REFUND_JOB_OPTIONS = {
  maxAttempts: 20,
  backoff: { firstMs: 60_000, maxMs: 2 * 60 * 60_000 },
  timeoutMs: 2 * 60_000,
} satisfies WorkOptions;

/** The provider's key of a claim: the same as refunds made before claims (Stripe keeps 24 h). */
const providerKey = (claim: Pick<OrderRefundClaimRow, 'order_id' | 'idempotency_key'>) =>
  `order:${claim.order_id}:refund:${claim.idempotency_key}`;

/** The provider's code when it could not be asked (out of reach, failing): the claim waits for the job. */
export const PROVIDER_UNAVAILABLE = 'provider_unavailable';

/** Thrown so the job engine tries again later. */
class RefundNotYet extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefundNotYet';
  }
}

/** Declares the refund's job on `jobs` (before the queue starts); `deps` read at each run. */
export function registerSettleRefundJob(
  jobs: JobQueue,
  db: Db,
  deps: () => RefundDeps & { log: { error(obj: object, msg: string): void } },
) {
  jobs.work<{ claimId: string }>(
    SETTLE_REFUND_JOB,
    async ({ data }) => {
      const now = deps();
      const claim = await repo.findRefundClaim(db, data.claimId);
      if (!claim) return; // recorded or refused by the request
      const paid = await ask(db, now, claim);
      if (!paid.ok && paid.code === PROVIDER_UNAVAILABLE) throw new RefundNotYet(paid.message);
      const settled = await settle(db, now, claim, paid);
      if (!settled.ok) {
        now.log.error(
          { orderId: claim.order_id, key: claim.idempotency_key, message: settled.message },
          'the payment provider refused a refund its job asked for again: nothing was refunded',
        );
      }
    },
    SETTLE_REFUND_JOB_OPTIONS,
  );
}

/** Whether the refund with this key is claimed and not yet recorded or refused (its job will settle it). */
export async function refundUnderWay(db: Db, idempotencyKey: string): Promise<boolean> {
  return (await repo.findRefundClaimByKey(db, idempotencyKey)) !== undefined;
}

/** What refundOrder is asked. */
export type RefundRequest = Omit<RefundInput, 'amount'> & {
  amount: number | 'remaining' | AmountUnderLock;
  transition?: { from: OrderStatus; to: OrderStatus };
  /** What the asking feature does when the refund is recorded: a declared completion and its data. */
  completion?: { name: string; data: unknown };
};

/** Step 1's answer: a failure or a replay (the end), or the claim to ask for (this call's or a twin's). */
type Claimed = RefundResult | { claim: OrderRefundClaimRow; mine: boolean };

const CHANGING = 'The order changed while it was being refunded.';

/** Step 1 (see the top of this file), in `trx` under the order's lock. */
async function claimRefund(
  trx: Transaction<Database>,
  deps: Pick<RefundDeps, 'jobs'>,
  input: RefundRequest,
  caller: string,
): Promise<Claimed> {
  const locked = await lockAndReplay(trx, input);
  if ('ok' in locked) return locked;
  if (locked.earlier) return ok({ refund: locked.earlier, created: false });
  const twin = await repo.findRefundClaimByKey(trx, input.idempotencyKey);
  if (twin) {
    if (twin.order_id !== locked.order.id) {
      return fail('key_reused', 'This idempotency key was used for a refund of another order.');
    }
    // A claim its maker gave up on (the provider was out of reach) is this call's from now on.
    const mine = await repo.takeOverRefundClaim(trx, twin.id, caller);
    return { claim: { ...twin, claimed_by: mine ? caller : twin.claimed_by }, mine };
  }
  const claims = await repo.listRefundClaims(trx, locked.order.id);
  // What is claimed counts as refunded: the amounts below are within what is really left.
  const order: OrderRow = {
    ...locked.order,
    amount_refunded: claims.reduce((sum, c) => sum + c.amount, locked.order.amount_refunded),
  };
  if (input.transition) {
    if (order.status !== input.transition.from) return fail('status_changed', CHANGING);
    if (claims.some((c) => c.transition_to !== null)) return fail('status_changed', CHANGING);
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
  if (!order.payment_intent_id) return fail('not_paid', 'Nothing was paid for this order.');

  const claim: OrderRefundClaimRow = {
    id: newId('orc'),
    order_id: order.id,
    idempotency_key: input.idempotencyKey,
    amount,
    reason: input.reason,
    actor: input.actor,
    actor_id: input.actorId ?? null,
    scope: input.scope ? JSON.stringify(input.scope) : null,
    transition_from: input.transition?.from ?? null,
    transition_to: input.transition?.to ?? null,
    completion: input.completion?.name ?? null,
    completion_data:
      input.completion?.data === undefined ? null : JSON.stringify(input.completion.data),
    claimed_by: caller,
    created_at: nowIso(),
  };
  await repo.insertRefundClaim(trx, claim);
  await deps.jobs.enqueue(trx, {
    name: SETTLE_REFUND_JOB,
    data: { claimId: claim.id },
    key: `refund-claim:${claim.id}`,
    delayMs: SETTLE_DELAY_MS,
  });
  return { claim, mine: true };
}

/** Step 2: the provider asked for the claim's refund, outside any transaction. */
async function ask(
  db: Db,
  deps: Pick<RefundDeps, 'payments'>,
  claim: OrderRefundClaimRow,
): Promise<ProviderResult<RefundView>> {
  const order = await repo.findOrder(db, claim.order_id);
  const intentId = order?.payment_intent_id;
  if (!intentId) throw new Error(`The order of refund claim ${claim.id} has no payment`);
  return deps.payments.refund(intentId, {
    amount: claim.amount,
    ...(claim.reason ? { reason: claim.reason } : {}),
    idempotencyKey: providerKey(claim),
  });
}

/**
 * Step 3: the provider's answer recorded under the order's lock, once: a call that finds the claim
 * gone (a twin or the job settled it) answers the refund recorded with its key, `created: false`.
 */
async function settle(
  db: Db,
  deps: Pick<RefundDeps, 'refundCompletions'>,
  claim: OrderRefundClaimRow,
  paid: ProviderResult<RefundView>,
): Promise<RefundResult> {
  return db.transaction().execute(async (trx): Promise<RefundResult> => {
    const order = await repo.lockOrder(trx, claim.order_id);
    if (!order) throw new Error(`The order of refund claim ${claim.id} vanished`);
    const settledHere = await repo.deleteRefundClaim(trx, claim.id);
    if (!settledHere) {
      const earlier = await repo.findRefundByKey(trx, claim.idempotency_key);
      if (earlier) return ok({ refund: earlier, created: false });
      // Refused to the call that settled it; a provider that made it for this one would be a defect.
      if (paid.ok)
        throw new Error(`Refund claim ${claim.id} was released, yet its refund was made`);
    }
    if (!paid.ok) return fail('provider_refused', paid.message, { providerCode: paid.code });
    const at = nowIso();
    const refund: OrderRefundRow = {
      id: newId('orf'),
      order_id: claim.order_id,
      amount: claim.amount,
      reason: claim.reason,
      idempotency_key: claim.idempotency_key,
      provider_refund_id: paid.value.id,
      actor: claim.actor,
      created_at: at,
      actor_id: claim.actor_id,
      scope: claim.scope,
      tax_reversal_id: null,
    };
    // Within what is left: the claim's amount was counted as taken when it was made.
    await repo.insertRefund(trx, refund);
    if (claim.transition_from && claim.transition_to) {
      const won = await repo.transitionOrder(trx, {
        orderId: claim.order_id,
        from: claim.transition_from as OrderStatus,
        to: claim.transition_to as OrderStatus,
        actor: claim.actor as OrderActor,
        actorId: claim.actor_id,
        reason: claim.reason ?? `refunded ${formatMoney(claim.amount)}`,
        at,
      });
      // The claim kept the order in `from`: a change that won meanwhile is a defect (rolled back, and
      // the job tries again, failing where an operator sees it).
      if (!won)
        throw new Error(`Order ${claim.order_id} left ${claim.transition_from} under a claim`);
    }
    await publishEvent<OrderRefunded>(trx, {
      name: ORDER_REFUNDED,
      data: { orderId: order.id, refundId: refund.id, taxCalculation: order.tax_calculation },
      key: refund.id,
    });
    if (claim.completion) {
      const data: unknown =
        claim.completion_data === null ? undefined : JSON.parse(claim.completion_data);
      await deps.refundCompletions.get(claim.completion)(trx, { order, refund, data });
    }
    return ok({ refund, created: true });
  });
}

/**
 * Refunds part or all of a paid order through the provider and records it, optionally with a status
 * change (return -> refund, pending -> cancelled) and what the asking feature does with it
 * (`completion`), in the three steps at the top of this file. `amount: 'remaining'` refunds whatever
 * is left, as read under the lock; a function of the locked order works it out there (a refund by
 * items). With a status change the order must still be in `from` once locked, and no other status
 * change may be under way, or nothing is asked of the provider (`status_changed`). A replay of a
 * recorded key answers that refund (`created: false`) and changes nothing; so does a call that joins
 * a twin's claim. A provider that refuses changes nothing; one out of reach leaves the refund to the
 * job (the answer is still `provider_refused`: nothing was refunded yet).
 */
export async function refundOrder(
  db: Db,
  deps: RefundDeps,
  input: RefundRequest,
): Promise<RefundResult> {
  const caller = newId('call');
  const claimed = await db.transaction().execute((trx) => claimRefund(trx, deps, input, caller));
  if (!('claim' in claimed)) return claimed;
  const { claim, mine } = claimed;
  const paid = await ask(db, deps, claim);
  if (!paid.ok && paid.code === PROVIDER_UNAVAILABLE) {
    // The job asks again; a retry of this request meanwhile takes the claim over.
    await repo.letGoOfRefundClaim(db, claim.id, caller);
    return fail('provider_refused', paid.message, { providerCode: paid.code });
  }
  const settled = await settle(db, deps, claim, paid);
  // The call that claimed it made this refund, whoever recorded it; a twin replays it.
  return settled.ok ? ok({ refund: settled.value.refund, created: mine }) : settled;
}
