/**
 * Refunding a return from the console (issue 15): the money goes back through the payment provider
 * with the orders feature's `refundOrder` (partial allowed, never more than is left on the order,
 * decided under the order's lock, the provider asked outside any transaction), and with the refund's
 * record, in one transaction (the completion `returns.refund`, run by the refund's job if this process
 * dies first): the return becomes `refunded`, the order moves return -> refund when this was its last
 * open return (settleOrder), the customer's email is queued and the operator's action recorded.
 *
 * Named steps:
 * 1. claim: under the order's lock, check the return may be refunded now (core refundRefusal) and mark
 *    a refund under way, so the return cannot be closed while the provider is asked;
 * 2. refund: `refundOrder` with the return's own idempotency key (`return:<id>`), so a return is paid
 *    once whoever asks and however often: concurrent requests join the first one's claim and all but
 *    the first find its refund and change nothing;
 * 3. answer: the request that made the refund, or a retry with its key, gets the return; another
 *    request gets 409 already_refunded. A refusal clears the claim: nothing changed (502). A provider
 *    out of reach keeps both claims: the refund's job finishes it, and the return stays open till then.
 */
import type { ReturnDetail } from '@sunward/core/console-returns-schemas';
import { formatMoney } from '@sunward/core/money';
import { refundRefusal, type RefundRefusal } from '@sunward/core/return-status';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/ids.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { queueEmail } from '../email/email.api.ts';
import { type Operator, recordOperatorAction } from '../operators/operators.api.ts';
import {
  PROVIDER_UNAVAILABLE,
  refundOrder,
  refundUnderWay,
  type RefundCompletions,
  type RefundDeps,
  type RefundFailure,
} from '../orders/orders.api.ts';
import { loadShopIdentity } from '../settings/settings.api.ts';
import { returnStatusOf } from './admin-return-view.ts';
import { detailAfter, lockReturn, RETURN_NOT_FOUND, settleOrder } from './admin-returns.service.ts';
import * as repo from './admin-returns.repository.ts';
import type { ReturnWithOrder } from './admin-returns.repository.ts';
import { returnRefundedEmail } from './return-refunded.template.tsx';

export type ReturnRefundDeps = RefundDeps & {
  log: { error(obj: object, msg: string): void };
};

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

/** What commits with a return's refund, by name (orders' order-refunds.service.ts). */
const RETURN_REFUND = 'returns.refund';
interface ReturnRefund {
  operator: Operator;
  publicId: string;
  amount: number;
  reason: string | null;
  withoutReceipt: boolean;
  idempotencyKey: string;
}

/**
 * Declares what commits with the refund: the return refunded, the order settled, the email, the
 * record. Run by the request or, if it died, by the refund's job; the return's claim keeps it open.
 */
export function registerReturnRefund(completions: RefundCompletions, siteUrl: () => string): void {
  completions.register<ReturnRefund>(RETURN_REFUND, async (trx, { order, refund, data }) => {
    const row = await repo.findReturnByPublicId(trx, data.publicId);
    if (!row) throw new Error(`Return ${data.publicId} vanished while being refunded`);
    const { operator } = data;
    const at = refund.created_at;
    const marked = await repo.markRefunded(trx, row.id, {
      refundId: refund.id,
      key: data.idempotencyKey,
      at,
    });
    // The claim keeps the return open until now: a settled one here is a defect (rolled back).
    if (!marked) throw new Error(`Return ${row.public_id} settled while it was being refunded`);
    const orderStatus = await settleOrder(trx, operator, {
      orderId: row.order_id,
      orderStatus: order.status,
      returnId: row.id,
      reason: `return #${row.seq} refunded ${formatMoney(data.amount)}`,
      at,
    });
    const shop = await loadShopIdentity(trx, siteUrl());
    const mail = await returnRefundedEmail(
      {
        orderNumber: row.order_number,
        name: row.billing_name || row.shipping_name,
        amount: data.amount,
        returnAmount: row.refund_amount,
        reason: data.reason,
        card: { brand: row.card_brand, last4: row.card_last4 },
        account: row.customer_id !== null,
      },
      shop,
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
        amount: data.amount,
        reason: data.reason,
        withoutReceipt: data.withoutReceipt,
        refundId: refund.id,
        orderStatus,
      },
    });
  });
}

/** The order refund's failures in the console's words. */
function refundFailure(failure: RefundFailure): ReturnRefundFailure {
  switch (failure.code) {
    case 'provider_refused':
      return fail(
        'refund_failed',
        failure.providerCode === PROVIDER_UNAVAILABLE
          ? `The payment provider could not be reached (${failure.message}). The refund is asked again automatically, and the return is marked refunded when it goes through.`
          : `The payment provider refused the refund (${failure.message}). Nothing was refunded; try again later.`,
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

  const key = returnRefundKey(row.id);
  // The return's claim goes with a refund that did not happen; one under way (the provider out of
  // reach, or a throw after the order's claim) keeps it, so the return stays open for its job.
  const release = async () => {
    if (!(await refundUnderWay(db, key))) {
      await repo.releaseRefundClaim(db, row.id, request.idempotencyKey);
    }
  };
  let refunded;
  try {
    refunded = await refundOrder(db, deps, {
      orderId: row.order_id,
      amount,
      // The order's refunds list names the return, and the operator's reason with it.
      reason: `return #${row.seq}` + (reason ? `: ${reason}` : ''),
      idempotencyKey: key,
      actor: 'operator',
      actorId: operator.customerId,
      // Only the whole return's refund takes its shirts; a partial one is an amount.
      scope:
        amount === row.refund_amount && lines.length ? { items: lines, shipping: false } : null,
      completion: {
        name: RETURN_REFUND,
        data: {
          operator,
          publicId,
          amount,
          reason: reason ?? null,
          withoutReceipt: request.withoutReceipt,
          idempotencyKey: request.idempotencyKey,
        } satisfies ReturnRefund,
      },
    });
  } catch (error) {
    await release();
    throw error;
  }
  if (!refunded.ok) {
    await release();
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
