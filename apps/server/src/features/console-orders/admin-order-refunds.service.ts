/**
 * Refunds from the console (issue 15): by shirts (a line and a number of its units, each at its price
 * plus its share of the sales tax, core `itemsRefund`) and/or the shipping, or a plain amount, always
 * with a reason. The amount is worked out on the server from the order, under the order's lock (so two
 * refunds of the same shirts at once cannot both pass), never above what is left, through
 * `refundOrder` with the client's idempotency key (a double click or a retry makes one refund). The
 * refund, the operator's action and the customer's email commit together (the completion
 * `console-orders.refund`, run by the refund's job if this process dies first); a provider that
 * refuses leaves nothing recorded.
 */
import type { RefundAnswer, RefundPickRequest, RefundQuote } from '@sunward/core/console-orders';
import { formatMoney } from '@sunward/core/money';
import { itemsRefund, paymentStatusOf, type ItemsRefund } from '@sunward/core/order-payment';
import type { Db } from '../../db/database.ts';
import { normalizeOrderNumber } from '../../lib/ids.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { queueEmail, paymentRefundedEmail } from '../email/email.api.ts';
import { type Operator, recordOperatorAction } from '../operators/operators.api.ts';
import { loadShopIdentity } from '../settings/settings.api.ts';
import {
  refundOrder,
  type RefundCompletions,
  type RefundFailure,
  type OrderDeps,
  type OrderRefundRow,
  type OrderRow,
  parseScope,
  refundedByItems,
  type RefundScope,
} from '../orders/orders.api.ts';
import * as admin from './admin-orders.repository.ts';
import * as orders from '../orders/orders.api.ts';

export type ConsoleRefundFailure =
  | Exclude<RefundFailure, { code: 'provider_refused' }>
  /** The payment provider said no: nothing was refunded or recorded. */
  | Failure<'refund_failed'>;

/** What the pick comes to for the order as it is now (read under the lock when refunding). */
async function computePick(
  db: Db,
  order: OrderRow,
  pick: RefundPickRequest,
): Promise<
  Result<{ amount: number; items: Extract<ItemsRefund, { ok: true }> | null }, RefundFailure>
> {
  const left = order.total - order.amount_refunded;
  if (pick.amount !== undefined) {
    if (pick.amount > left) {
      return fail(
        'exceeds_paid',
        `A refund of ${formatMoney(pick.amount)} is more than the ${formatMoney(left)} left to refund on this order.`,
      );
    }
    return ok({ amount: pick.amount, items: null });
  }
  const items = await orders.listItems(db, order.id);
  // What refunds by items took, those under way included.
  const taken = await orders.listTakenScopes(db, order.id);
  const computed = itemsRefund(
    {
      lines: items.map((i) => ({
        line: i.line_no,
        quantity: i.quantity,
        unitAmount: i.unit_amount,
        discount: i.discount,
      })),
      salesTax: order.sales_tax,
      // what was charged for shipping: a free-shipping code took it off (issue 28)
      shipping: order.shipping - order.shipping_discount,
    },
    refundedByItems(taken),
    { items: pick.items ?? [], shipping: pick.shipping ?? false },
  );
  if (!computed.ok) return fail('invalid_amount', computed.message);
  // Refunds by amount may have taken part of what the shirts would refund: never above what is left.
  if (computed.amount > left) {
    return fail(
      'exceeds_paid',
      `These come to ${formatMoney(computed.amount)}, more than the ${formatMoney(left)} left to refund on this order.`,
    );
  }
  return ok({ amount: computed.amount, items: computed });
}

/** What a pick would refund now (the dialog shows it before the operator confirms). */
export async function quoteRefund(
  db: Db,
  orderNumber: string,
  pick: RefundPickRequest,
): Promise<Result<RefundQuote, RefundFailure>> {
  const order = await orders.findOrderByNumber(db, normalizeOrderNumber(orderNumber));
  if (!order) return fail('not_found', `There is no order ${orderNumber}.`);
  if (!order.payment_intent_id) return fail('not_paid', 'Nothing was paid for this order.');
  const computed = await computePick(db, order, pick);
  if (!computed.ok) return computed;
  const { amount, items } = computed.value;
  return ok({
    amount,
    lines: items?.lines ?? [],
    shipping: items?.shipping ?? 0,
    left: order.total - order.amount_refunded,
  });
}

function refundView(row: OrderRefundRow, operatorEmail: string | null) {
  return {
    id: row.id,
    amount: row.amount,
    reason: row.reason,
    actor: row.actor,
    operatorEmail,
    createdAt: row.created_at,
    scope: parseScope(row.scope),
  };
}

/** What commits with a console refund, by name (orders' order-refunds.service.ts). */
const CONSOLE_REFUND = 'console-orders.refund';
interface ConsoleRefund {
  operator: Operator;
  reason: string;
  scope: RefundScope | null;
}

/** Declares the console refund's completion: the operator's action and the customer's email. */
export function registerConsoleRefund(completions: RefundCompletions, siteUrl: () => string): void {
  completions.register<ConsoleRefund>(CONSOLE_REFUND, async (trx, { order, refund, data }) => {
    const { operator, reason, scope } = data;
    const refunded = order.amount_refunded + refund.amount;
    await recordOperatorAction(trx, operator, {
      action: 'order.refund',
      targetType: 'order',
      targetId: order.order_number,
      detail: { refundId: refund.id, amount: refund.amount, reason, ...(scope ? { scope } : {}) },
      at: refund.created_at,
    });
    const shop = await loadShopIdentity(trx, siteUrl());
    const mail = await paymentRefundedEmail(
      {
        name: order.billing_name || order.shipping_name,
        amount: refund.amount,
        order: { orderNumber: order.order_number, inFull: refunded >= order.total },
      },
      shop,
    );
    await queueEmail(trx, {
      kind: 'payment-refunded',
      to: order.email,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      dedupeKey: `order-refund:${refund.id}`,
      orderId: order.id,
    });
  });
}

/**
 * Refunds `pick` of order `orderNumber` for `operator`, with `reason`. The same `idempotencyKey`
 * answers the refund it made (`created: false`) and refunds nothing more.
 */
export async function refundFromConsole(
  db: Db,
  deps: OrderDeps,
  operator: Operator,
  orderNumber: string,
  request: RefundPickRequest & { reason: string; idempotencyKey: string },
): Promise<Result<RefundAnswer, ConsoleRefundFailure>> {
  const order = await orders.findOrderByNumber(db, normalizeOrderNumber(orderNumber));
  if (!order) return fail('not_found', `There is no order ${orderNumber}.`);
  const scope: RefundScope | null =
    request.amount === undefined
      ? {
          items: (request.items ?? []).filter((i) => i.quantity > 0),
          shipping: request.shipping ?? false,
        }
      : null;

  const result = await refundOrder(db, deps, {
    orderId: order.id,
    // Worked out again under the lock: what earlier refunds took may have changed since.
    amount: async (trx, locked) => {
      const computed = await computePick(trx, locked, request);
      return computed.ok ? computed.value.amount : computed;
    },
    reason: request.reason,
    // Apart from the shop's own keys (cancel:<order>): a console refund's key is the client's.
    idempotencyKey: `console:${request.idempotencyKey}`,
    actor: 'operator',
    actorId: operator.customerId,
    scope,
    completion: { name: CONSOLE_REFUND, data: { operator, reason: request.reason, scope } },
  });
  if (!result.ok) {
    if (result.code !== 'provider_refused') return result;
    deps.log.error(
      { orderId: order.id, code: result.providerCode, message: result.message },
      'the payment provider refused a refund from the console',
    );
    return fail(
      'refund_failed',
      `The payment provider refused the refund (${result.message}). Nothing was refunded.`,
    );
  }
  const { refund, created } = result.value;
  const now = await orders.findOrder(db, order.id);
  if (!now) throw new Error(`Order ${order.id} vanished while being refunded`);
  // A replayed key's refund may be another operator's: the stored one names whoever made it.
  const stored = (await admin.refundsOf(db, order.id)).find((r) => r.id === refund.id);
  return ok({
    refund: refundView(refund, stored?.operator_email ?? null),
    created,
    refunded: now.amount_refunded,
    left: Math.max(0, now.total - now.amount_refunded),
    paymentStatus: paymentStatusOf(now.total, now.amount_refunded),
  });
}
