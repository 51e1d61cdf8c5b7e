/**
 * Refunding a return from the console (issue 15): the money goes back through the payment provider
 * with the orders feature's `refundOrder` (partial allowed, never more than is left on the order, under
 * the order's lock, the provider's own record in the same transaction), and with it, in that
 * transaction: the return becomes `refunded`, the order moves return -> refund when this was its last
 * open return (settleOrder), the customer's email is queued and the operator's action recorded.
 *
 * Named steps:
 * 1. claim: under the order's lock, check the return may be refunded now (core refundRefusal) and mark
 *    a refund under way, so the return cannot be closed while the provider is asked;
 * 2. refund: `refundOrder` with the return's own idempotency key (`return:<id>`), so a return is paid
 *    once whoever asks and however often: concurrent requests queue on the order's lock and all but the
 *    first find its refund and change nothing;
 * 3. answer: the request that made the refund, or a retry with its key, gets the return; another
 *    request gets 409 already_refunded. A refusal clears the claim: nothing changed (502).
 */
import type { Transaction } from 'kysely';
import type { ReturnDetail } from '@sunward/core/console-returns-schemas';
import { formatMoney } from '@sunward/core/money';
import { refundRefusal, type RefundRefusal } from '@sunward/core/return-status';
import type { Database, Db } from '../../db/database.ts';
import { nowIso } from '../../lib/ids.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { queueEmail } from '../email/email.api.ts';
import { type Operator, recordOperatorAction } from '../operators/operators.api.ts';
import {
  refundOrder,
  type OrderRefundRow,
  type OrderRow,
  type RefundFailure,
} from '../orders/orders.api.ts';
import type { PaymentProvider } from '../payments/payments.api.ts';
import { loadSettings } from '../settings/settings.api.ts';
import { returnStatusOf } from './admin-return-view.ts';
import { detailAfter, lockReturn, RETURN_NOT_FOUND, settleOrder } from './admin-returns.service.ts';
import * as repo from './admin-returns.repository.ts';
import type { ReturnWithOrder } from './admin-returns.repository.ts';
import { returnRefundedEmail } from './return-refunded.template.ts';

export interface ReturnRefundDeps {
  payments: PaymentProvider;
  siteUrl: string;
  log: { error(obj: object, msg: string): void };
}

export interface ReturnRefundRequest {
  /** Cents; default the return's refund amount. */
  amount?: number | undefined;
  reason?: string | undefined;
  /** Refund before the parcel is received. */
  withoutReceipt: boolean;
  idempotencyKey: string;
}

export type ReturnRefundFailure =
  | Failure<'not_found'>
  /** Settled (closed), or nothing to refund on it. */
  | Failure<'not_refundable'>
  /** Another request refunded it. */
  | Failure<'already_refunded'>
  | Failure<'not_received'>
  /** More than the return is worth, or than is left on the order. */
  | Failure<'invalid_amount' | 'exceeds_paid'>
  /** The order has no payment to refund. */
  | Failure<'not_paid'>
  /** The payment provider said no: nothing changed. */
  | Failure<'refund_failed'>;

/** The order refund's key of a return: one refund per return, whoever asks. */
export const returnRefundKey = (returnId: string) => `return:${returnId}`;

const REFUSALS: Record<RefundRefusal, ReturnRefundFailure> = {
  settled: fail('not_refundable', 'This return is closed: it cannot be refunded.'),
  nothing_to_refund: fail(
    'not_refundable',
    'This return has nothing to refund (exchanges and kept units only): close it instead.',
  ),
  not_received: fail(
    'not_received',
    'Mark the return received first, or refund it without receipt (the parcel was lost, say).',
  ),
};

type Claim = Result<{ row: ReturnWithOrder; amount: number } | 'replay', ReturnRefundFailure>;

/** Step 1, under the order's lock: may it be refunded, with how much; then the claim. */
async function claim(db: Db, publicId: string, request: ReturnRefundRequest): Promise<Claim> {
  return db.transaction().execute(async (trx): Promise<Claim> => {
    const locked = await lockReturn(trx, publicId);
    if (!locked) return fail('not_found', RETURN_NOT_FOUND);
    const { row } = locked;
    const status = returnStatusOf(row.status);
    if (status === 'refunded') {
      return row.refund_key === request.idempotencyKey
        ? ok('replay')
        : fail('already_refunded', 'This return has been refunded already.');
    }
    const refused = refundRefusal(
      { status, receivedAt: row.received_at, refundAmount: row.refund_amount },
      request.withoutReceipt,
    );
    if (refused) return REFUSALS[refused];
    const amount = request.amount ?? row.refund_amount;
    if (amount > row.refund_amount) {
      return fail(
        'invalid_amount',
        `A refund of this return is at most ${formatMoney(row.refund_amount)}. Refund more from the order's page.`,
      );
    }
    await repo.claimRefund(trx, row.id, request.idempotencyKey, nowIso());
    return ok({ row, amount });
  });
}

/** What commits with the refund: the return refunded, the order settled, the email, the record. */
function alongside(
  deps: ReturnRefundDeps,
  operator: Operator,
  row: ReturnWithOrder,
  request: ReturnRefundRequest & { amount: number },
) {
  return async (trx: Transaction<Database>, done: { order: OrderRow; refund: OrderRefundRow }) => {
    const at = done.refund.created_at;
    const marked = await repo.markRefunded(trx, row.id, {
      refundId: done.refund.id,
      key: request.idempotencyKey,
      at,
    });
    // The claim keeps the return open until now: a settled one here is a defect (rolled back).
    if (!marked) throw new Error(`Return ${row.public_id} settled while it was being refunded`);
    const orderStatus = await settleOrder(trx, operator, {
      orderId: row.order_id,
      orderStatus: done.order.status,
      returnId: row.id,
      reason: `return #${row.seq} refunded ${formatMoney(request.amount)}`,
      at,
    });
    const { shopName, supportEmail } = await loadSettings(trx);
    const mail = returnRefundedEmail(
      {
        orderNumber: row.order_number,
        name: row.billing_name || row.shipping_name,
        amount: request.amount,
        returnAmount: row.refund_amount,
        reason: request.reason ?? null,
        card: { brand: row.card_brand, last4: row.card_last4 },
        account: row.customer_id !== null,
      },
      { name: shopName, siteUrl: deps.siteUrl, supportEmail },
    );
    await queueEmail(trx, {
      kind: 'return-refunded',
      to: row.email,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      dedupeKey: `return-refunded:${row.id}`,
      orderId: row.order_id,
    });
    await recordOperatorAction(trx, operator, {
      action: 'return.refund',
      targetType: 'return',
      targetId: row.public_id,
      at,
      detail: {
        orderNumber: row.order_number,
        amount: request.amount,
        reason: request.reason ?? null,
        withoutReceipt: request.withoutReceipt,
        refundId: done.refund.id,
        orderStatus,
      },
    });
  };
}

/** The order refund's failures in the console's words. */
function refundFailure(failure: RefundFailure): ReturnRefundFailure {
  switch (failure.code) {
    case 'provider_refused':
      return fail(
        'refund_failed',
        `The payment provider refused the refund (${failure.message}). Nothing was refunded; try again later.`,
      );
    case 'exceeds_paid':
    case 'invalid_amount':
      return fail(failure.code, failure.message);
    case 'not_paid':
      return fail('not_paid', failure.message);
    case 'not_found':
      return fail('not_found', RETURN_NOT_FOUND);
    // Neither can happen here (the key is the return's own; no status change is asked of refundOrder).
    case 'key_reused':
    case 'status_changed':
      throw new Error(`Unexpected refund failure for a return: ${failure.code}`);
  }
}

/** Refunds the return (see the top of this file); answers the return as it now is, or why not. */
export async function refundReturn(
  db: Db,
  deps: ReturnRefundDeps,
  operator: Operator,
  publicId: string,
  request: ReturnRefundRequest,
): Promise<Result<ReturnDetail, ReturnRefundFailure>> {
  const reason = request.reason?.trim() || undefined;
  const claimed = await claim(db, publicId, { ...request, reason });
  if (!claimed.ok) return claimed;
  if (claimed.value === 'replay') return ok(await detailAfter(db, publicId));
  const { row, amount } = claimed.value;
  const lines = await repo.refundedLines(db, row.id);

  let refunded;
  try {
    refunded = await refundOrder(
      db,
      { payments: deps.payments },
      {
        orderId: row.order_id,
        amount,
        // The order's refunds list names the return, and the operator's reason with it.
        reason: `return #${row.seq}` + (reason ? `: ${reason}` : ''),
        idempotencyKey: returnRefundKey(row.id),
        actor: 'operator',
        actorId: operator.customerId,
        // Only the whole return's refund takes its shirts; a partial one is an amount.
        scope:
          amount === row.refund_amount && lines.length ? { items: lines, shipping: false } : null,
        alongside: alongside(deps, operator, row, { ...request, reason, amount }),
      },
    );
  } catch (error) {
    await repo.releaseRefundClaim(db, row.id, request.idempotencyKey);
    throw error;
  }
  if (!refunded.ok) {
    await repo.releaseRefundClaim(db, row.id, request.idempotencyKey);
    if (refunded.code === 'provider_refused') {
      deps.log.error(
        { returnId: row.public_id, code: refunded.providerCode, message: refunded.message },
        'the refund of a return was refused by the payment provider',
      );
    }
    return refundFailure(refunded);
  }
  if (refunded.value.created) return ok(await detailAfter(db, publicId));
  // Another request paid the return first: a retry of that request gets the return, any other a 409.
  const now = await repo.findReturnByPublicId(db, publicId);
  if (now?.refund_key === request.idempotencyKey) return ok(await detailAfter(db, publicId));
  return fail('already_refunded', 'This return has been refunded already.');
}
