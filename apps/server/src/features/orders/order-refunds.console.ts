/** What a refund's jobs are for, for the console's jobs screen (features/console-jobs/job-kinds.ts). */
import { formatMoney } from '@sunward/core/money';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import * as repo from './orders.repository.ts';

const SettleRefundData = z.object({ claimId: z.string() });

export async function aboutSettleRefundJob(
  db: Db,
  data: unknown,
): Promise<{ about: string; target: null } | null> {
  const parsed = SettleRefundData.safeParse(data);
  if (!parsed.success) return null;
  const claim = await repo.findRefundClaim(db, parsed.data.claimId);
  if (!claim) return { about: 'A refund recorded or refused since', target: null };
  const order = await repo.findOrder(db, claim.order_id);
  return {
    about: `A refund of ${formatMoney(claim.amount)} on order ${order?.order_number ?? claim.order_id}, asked of the payment provider and not recorded yet`,
    target: null,
  };
}

const TaxReversalData = z.object({ orderId: z.string(), refundId: z.string() });

/** What a job of orders.reverse-tax is about, for the console's jobs screen. */
export async function aboutTaxReversalJob(
  db: Db,
  data: unknown,
): Promise<{ about: string; target: null } | null> {
  const parsed = TaxReversalData.safeParse(data);
  if (!parsed.success) return null;
  const [order, refund] = await Promise.all([
    repo.findOrder(db, parsed.data.orderId),
    repo.findRefund(db, parsed.data.refundId),
  ]);
  const what = refund ? `the refund of ${formatMoney(refund.amount)}` : 'a refund';
  return {
    about: `The sales tax of ${what} on order ${order?.order_number ?? parsed.data.orderId}, taken off its Stripe Tax record`,
    target: null,
  };
}
