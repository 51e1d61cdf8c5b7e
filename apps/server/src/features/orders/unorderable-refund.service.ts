/**
 * A paid intent whose checkout cannot become an order, whatever the reason (never priced, a different
 * amount, a size sold out, or the order's transaction failing unexpectedly), is refunded in full, once,
 * and the shopper told: the success page shows the message and an email says the same (decision 009).
 * Named steps, each safe to run again, in an order that a crash or an outage between two of them can
 * never turn into both an order and a refund, nor into a refund the checkout does not show:
 * 1. close: the checkout goes open -> refunding in a transaction of its own. The order's transaction
 *    takes it open -> completed before it records anything, so from here no order can be recorded; if
 *    one was recorded first, that order is the answer and nothing is refunded.
 * 2. refund: in full, with the checkout's idempotency key (one refund however often this runs).
 * 3. finish: refunding -> refunded and the "payment refunded" email (one per intent), one transaction.
 * Step 1 also enqueues the refund's job (`orders.refund-unorderable`, keyed by the checkout, due a
 * minute later) in its transaction: the request goes on at once, and the job finishes what a crash, an
 * outage or a refund the provider refused for the moment left, retried with backoff for about a day
 * (issue 25). A later call that finds the checkout refunding (the webhook's re-delivery, the success
 * page's reload) also goes on from step 2; the provider's idempotency key and the email's key keep it
 * one refund and one email.
 */
import type { Order } from '@sunward/core/checkout-schemas';
import { formatMoney } from '@sunward/core/money';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import { dbErrorKind } from '../../lib/db-errors.ts';
import type { JobQueue, WorkOptions } from '../../lib/jobs/job-queue.ts';
import { fail, ok, type Failure, type Ok } from '../../lib/result.ts';
import {
  closeCheckoutForRefund,
  findCheckoutForIntent,
  markCheckoutRefunded,
  type CheckoutRow,
} from '../checkout/checkout.api.ts';
import { queueEmail, paymentRefundedEmail } from '../email/email.api.ts';
import type { PaymentIntentView, PaymentProvider } from '../payments/payments.api.ts';
import { loadShopIdentity } from '../settings/settings.api.ts';
import { orderView } from './order-views.ts';
import * as repo from './orders.repository.ts';

export interface UnorderableDeps {
  payments: PaymentProvider;
  jobs: Pick<JobQueue, 'enqueue'>;
  siteUrl: string;
  log: { error(obj: object, msg: string): void };
}

export const UNORDERABLE_REFUND_JOB = 'orders.refund-unorderable';

export interface UnorderableRefundData {
  paymentIntentId: string;
  /** The email's reason, as the first call knew it. */
  why: string;
}

/** The request tries at once; the job is the safety net behind it. */
const JOB_DELAY_MS = 60_000;

/**
 * 20 attempts, a minute then doubling (jittered) up to two hours: about a day of asking a provider
 * that refuses for the moment. Out of attempts the job is kept as failed, for an operator.
 */
export const UNORDERABLE_REFUND_JOB_OPTIONS = {
  maxAttempts: 20,
  backoff: { firstMs: 60_000, maxMs: 2 * 60 * 60_000 },
  timeoutMs: 2 * 60_000,
} satisfies WorkOptions;

/** Thrown so the job engine tries again later. */
class RefundNotYet extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefundNotYet';
  }
}

/** Declares the refund's job on `jobs` (before the queue starts); `deps` read at each run. */
export function registerUnorderableRefundJob(jobs: JobQueue, db: Db, deps: () => UnorderableDeps) {
  jobs.work<UnorderableRefundData>(
    UNORDERABLE_REFUND_JOB,
    async ({ data }) => {
      const now = deps();
      const intent = await now.payments.retrieve(data.paymentIntentId);
      const checkout = await findCheckoutForIntent(db, data.paymentIntentId);
      if (!intent || !checkout)
        throw new Error(`No intent or checkout for ${data.paymentIntentId}`);
      const result = await closeRefundFinish(db, now, intent, checkout, data.why);
      if (!result.ok && result.code === 'refund_failed') throw new RefundNotYet(result.message);
    },
    UNORDERABLE_REFUND_JOB_OPTIONS,
  );
}

/**
 * refunded: final. refund_failed: the checkout is closed but the refund did not go through (retried on
 * the next call). unavailable: the database is busy or out of reach, nothing was refunded or recorded
 * (the next call does it). An order recorded first is returned instead.
 */
export type UnorderableResult =
  Ok<{ order: Order; created: false }> | Failure<'refunded' | 'refund_failed' | 'unavailable'>;

/** The shopper's reason when it is ours (a defect, a database error): no internals. */
export const OUR_FAULT = 'something went wrong on our side while we were recording it.';

const unavailable = () =>
  fail(
    'unavailable',
    'We could not finish your order just now. Please reload this page in a minute; you will not be charged twice.',
  );

/**
 * The order's transaction failed (after its retries of transient errors). A database that is busy or
 * out of reach is answered "try again" with nothing done: the order may still be recorded later. Any
 * other error (a constraint, a defect) would fail the same way again: the payment is refunded.
 */
export async function refundAfterError(
  db: Db,
  deps: UnorderableDeps,
  intent: PaymentIntentView,
  checkout: CheckoutRow,
  error: unknown,
): Promise<UnorderableResult> {
  if (dbErrorKind(error) !== 'other') {
    deps.log.error(
      { err: error, paymentIntentId: intent.id },
      'could not record the order of a paid intent: the database is busy or out of reach',
    );
    return unavailable();
  }
  deps.log.error(
    { err: error, paymentIntentId: intent.id },
    'could not record the order of a paid intent; refunding it',
  );
  return refundUnorderable(db, deps, intent, checkout, OUR_FAULT);
}

/** `why` ends the email's "We could not complete your order: ..." sentence. */
export async function refundUnorderable(
  db: Db,
  deps: UnorderableDeps,
  intent: PaymentIntentView,
  checkout: CheckoutRow,
  why: string,
): Promise<UnorderableResult> {
  try {
    return await closeRefundFinish(db, deps, intent, checkout, why);
  } catch (error) {
    // The database failed between the steps: the checkout is open or refunding, never both an order
    // and a refund; the next call finishes.
    deps.log.error(
      { err: error, paymentIntentId: intent.id },
      'could not refund a payment that cannot become an order; the next call goes on',
    );
    return unavailable();
  }
}

async function closeRefundFinish(
  db: Db,
  deps: UnorderableDeps,
  intent: PaymentIntentView,
  checkout: CheckoutRow,
  why: string,
): Promise<UnorderableResult> {
  // close (with the job that finishes the refund whatever happens to this call)
  const status = await closeCheckoutForRefund(db, checkout.id, (trx) =>
    deps.jobs.enqueue(trx as Transaction<Database>, {
      name: UNORDERABLE_REFUND_JOB,
      data: { paymentIntentId: intent.id, why } satisfies UnorderableRefundData,
      key: `refund-unorderable:${checkout.id}`,
      delayMs: JOB_DELAY_MS,
    }),
  );
  if (status === 'completed') {
    const row = await repo.findOrderByIntent(db, intent.id);
    if (!row) throw new Error(`Checkout ${checkout.id} is completed but has no order`);
    return ok({ order: await orderView(db, row), created: false });
  }
  const amount = formatMoney(intent.amount);

  // refund (unless the provider shows it refunded already: Stripe forgets idempotency keys after 24 h)
  if (intent.amountRefunded < intent.amount) {
    const refund = await deps.payments
      .refund(intent.id, {
        reason: 'order could not be completed',
        idempotencyKey: `checkout:${checkout.id}:refund-unorderable`,
      })
      .catch((error: unknown) => fail('provider_error', String(error)));
    if (!refund.ok) {
      deps.log.error(
        { paymentIntentId: intent.id, code: refund.code, message: refund.message },
        'could not refund a payment that cannot become an order',
      );
      return fail(
        'refund_failed',
        `We could not complete your order, and refunding your payment of ${amount} did not go through yet. We will refund it; please contact support if you do not see it within 10 business days.`,
      );
    }
  }

  // finish
  if (status !== 'refunded') {
    const shop = await loadShopIdentity(db, deps.siteUrl);
    const email = checkout.email ?? intent.billing?.email;
    await db.transaction().execute(async (trx) => {
      await markCheckoutRefunded(trx, checkout.id);
      if (!email) return;
      const mail = await paymentRefundedEmail(
        { name: intent.billing?.name ?? checkout.shipping_name ?? '', amount: intent.amount, why },
        shop,
      );
      await queueEmail(trx, {
        kind: 'payment-refunded',
        to: email,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        dedupeKey: `payment-refunded:${intent.id}`,
      });
    });
  }
  return fail(
    'refunded',
    `We could not complete your order, so your payment of ${amount} has been refunded in full; no order was placed. We have emailed you the details.`,
  );
}
