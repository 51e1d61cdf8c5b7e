/**
 * Cancel Order (spec 2 and 4): a customer cancels their own pending order from the account page. Named
 * steps (order-refunds.service.ts): under the order's row lock, check it is still pending and claim the
 * refund of what was paid (one idempotency key per order), which keeps the order pending meanwhile;
 * ask the payment provider, holding no lock; then, under the lock again, record the refund, move
 * pending -> cancelled with its event (actor customer), give the stock back and queue the email (the
 * completion `orders.customer-cancel`, run by the refund's job if this process dies first).
 * Concurrent cancels and an operator moving the order on: exactly one of them changes the order, so
 * the payment is refunded at most once; a refund the provider refuses leaves everything as it was.
 */
import type { Transaction } from 'kysely';
import type { Order } from '@sunward/core/checkout-schemas';
import type { Database, Db } from '../../db/database.ts';
import { normalizeOrderNumber, nowIso } from '../../lib/ids.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { restoreStock } from '../catalog/catalog.api.ts';
import { queueEmail, type ShopIdentity, orderCancelledEmail } from '../email/email.api.ts';
import { loadShopIdentity } from '../settings/settings.api.ts';
import {
  PROVIDER_UNAVAILABLE,
  refundOrder,
  type RefundCompletions,
} from './order-refunds.service.ts';
import type { OrderDeps } from './orders.service.ts';
import { toOrderView } from './order-view.ts';
import { orderView } from './order-views.ts';
import * as repo from './orders.repository.ts';
import type { OrderRow } from './orders.table.ts';

export type CancelFailure = Failure<'not_found' | 'not_cancellable' | 'refund_failed'>;

const REASON = 'cancelled by the customer';

/** Why an order in `status` cannot be cancelled by its customer, in the words the account page shows. */
function notCancellable(status: string): CancelFailure {
  const why: Record<string, string> = {
    cancelled: 'This order is already cancelled.',
    'in-progress': 'This order is in progress and can no longer be cancelled.',
    shipped: 'This order has shipped and can no longer be cancelled.',
    completed: 'This order has been delivered and can no longer be cancelled.',
    return: 'This order has a return in progress and can no longer be cancelled.',
    refund: 'This order has been refunded and can no longer be cancelled.',
  };
  return fail(
    'not_cancellable',
    why[status] ?? `This order is ${status} and can no longer be cancelled.`,
  );
}

/**
 * The steps that commit with a cancellation: the stock back, and the email (its wording says who
 * cancelled: the customer, or the shop through an operator).
 */
export function afterCancel(shop: ShopIdentity, by: 'customer' | 'shop' = 'customer') {
  return async (trx: Transaction<Database>, order: OrderRow, refunded: number) => {
    const items = await repo.listItems(trx, order.id);
    const at = nowIso();
    await restoreStock(
      trx,
      items.map((i) => ({ productId: i.product_id, size: i.size, quantity: i.quantity })),
      at,
    );
    // Only a pending or in-progress order is cancelled, and neither has returns.
    const view = toOrderView({ ...order, status: 'cancelled', updated_at: at }, items, []);
    const mail = await orderCancelledEmail(view, refunded, shop, by);
    await queueEmail(trx, {
      kind: 'order-cancelled',
      to: order.email,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      dedupeKey: `order-cancelled:${order.id}`,
      orderId: order.id,
    });
  };
}

/** What commits with the refund of a customer's cancel, by name (order-refunds.service.ts). */
const CUSTOMER_CANCEL = 'orders.customer-cancel';

/** Declares the customer's cancel's completion; the shop's name and addresses read when it runs. */
export function registerCustomerCancel(
  completions: RefundCompletions,
  siteUrl: () => string,
): void {
  completions.register<null>(CUSTOMER_CANCEL, async (trx, { order, refund }) => {
    await afterCancel(await loadShopIdentity(trx, siteUrl()))(trx, order, refund.amount);
  });
}

/** An order with nothing left to refund (an exchange nobody paid for): cancelled without a refund. */
async function cancelUnpaid(
  db: Db,
  order: OrderRow,
  after: ReturnType<typeof afterCancel>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const locked = await repo.lockOrder(trx, order.id);
    if (!locked) return false;
    const won = await repo.transitionOrder(trx, {
      orderId: order.id,
      from: 'pending',
      to: 'cancelled',
      actor: 'customer',
      reason: REASON,
      at: nowIso(),
    });
    if (won) await after(trx, locked, 0);
    return won;
  });
}

/**
 * Cancels the customer's order `orderNumber`. Someone else's order answers like an unknown one
 * (not_found); an order that is not pending, or stops being pending while this runs, is
 * not_cancellable naming its status; a refund the provider refuses is refund_failed with nothing
 * changed.
 */
export async function cancelOrder(
  db: Db,
  deps: OrderDeps,
  customerId: string,
  orderNumber: string,
): Promise<Result<Order, CancelFailure>> {
  // validate: the customer's own order, still pending (checked again under the lock below).
  const order = await repo.findCustomerOrder(db, customerId, normalizeOrderNumber(orderNumber));
  if (!order) return fail('not_found', 'We could not find this order.');
  if (order.status !== 'pending') return notCancellable(order.status);

  const paid = order.payment_intent_id !== null && order.total > order.amount_refunded;
  // claim, refund, then record + cancel + restock + notify in one transaction.
  let cancelled: boolean;
  if (paid) {
    const refund = await refundOrder(db, deps, {
      orderId: order.id,
      amount: 'remaining',
      reason: REASON,
      idempotencyKey: `cancel:${order.id}`,
      actor: 'customer',
      transition: { from: 'pending', to: 'cancelled' },
      completion: { name: CUSTOMER_CANCEL, data: null },
    });
    if (!refund.ok && refund.code === 'provider_refused') {
      deps.log.error(
        { orderId: order.id, code: refund.providerCode, message: refund.message },
        'the refund of a cancelled order was refused by the payment provider',
      );
      // Out of reach, the provider is asked again by the refund's job, which then cancels the order.
      return fail(
        'refund_failed',
        refund.providerCode === PROVIDER_UNAVAILABLE
          ? 'We could not reach our payment processor just now. Your cancellation will go through as soon as it answers, and we will email you when it has.'
          : 'We could not refund your payment just now, so your order has not been cancelled. Please try again in a few minutes, or contact support.',
      );
    }
    // Lost to another cancel (a replay of its refund) or to an operator's change: not this call's.
    cancelled = refund.ok && refund.value.created;
  } else {
    const after = afterCancel(await loadShopIdentity(db, deps.siteUrl));
    cancelled = await cancelUnpaid(db, order, after);
  }

  const now = await repo.findOrder(db, order.id);
  if (!now) throw new Error(`Order ${order.id} vanished while being cancelled`);
  if (!cancelled) return notCancellable(now.status);
  return ok(await orderView(db, now));
}
