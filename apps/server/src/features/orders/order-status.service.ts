/**
 * An operator moves an order along the one state machine (packages/core/src/order-status.ts; issue 15):
 * pending -> in-progress -> shipped (carrier and tracking number required; the customer gets the
 * tracking link by email) -> completed; pending or in-progress -> cancelled (what was paid is refunded
 * through the provider, the stock comes back, the customer is told); return -> completed (a return
 * closed with nothing to refund). The console's buttons and `PATCH /api/orders/status` both come here.
 *
 * Two targets have doors of their own, because they move money or goods per unit: `return` (the return
 * form, for the units sent back) and `refund` (a return's refund, from the console's return). Asking
 * this door for them, or for any change the machine does not allow, is `illegal_transition` naming the
 * changes that are allowed.
 *
 * Each change runs under the order's row lock and `update … where status = from`, so of two operators
 * (or a double click) exactly one changes the order; the same request again once it is done (the
 * order already in that status, with the same carrier and tracking) answers the order unchanged.
 * The operator action, the order event and the email commit with the change.
 */
import type { Transaction } from 'kysely';
import { isCarrier, parseTracking, type Carrier } from '@sunward/core/carriers';
import type { Order } from '@sunward/core/checkout-schemas';
import { allowedFrom, isOrderStatus, type OrderStatus } from '@sunward/core/order-status';
import type { Database, Db } from '../../db/database.ts';
import { normalizeOrderNumber, nowIso } from '../../lib/ids.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { queueEmail, type ShopIdentity, orderShippedEmail } from '../email/email.api.ts';
import { type Operator, recordOperatorAction } from '../operators/operators.api.ts';
import { loadShopIdentity } from '../settings/settings.api.ts';
import { afterCancel } from './order-cancel.service.ts';
import { publishDelivered } from './order-delivery.ts';
import {
  PROVIDER_UNAVAILABLE,
  refundOrder,
  type RefundCompletions,
} from './order-refunds.service.ts';
import type { OrderDeps } from './orders.service.ts';
import { orderView } from './order-views.ts';
import * as repo from './orders.repository.ts';
import type { OrderRow } from './orders.table.ts';

export type StatusChangeFailure =
  | Failure<'not_found'>
  | Failure<'illegal_transition', { allowed: OrderStatus[] }>
  | Failure<'tracking_required'>
  | Failure<'refund_failed'>
  /** return -> completed while a return is still open: it is settled in Console > Returns. */
  | Failure<'returns_open'>;

export interface StatusChangeInput {
  orderNumber: string;
  status: OrderStatus;
  /** Shipped only: core/carriers. */
  carrier?: string | null;
  /** Shipped only: the carrier's tracking number (normalized here). */
  tracking?: string | null;
  /** Why, in the operator's words (kept on the order's event). */
  reason?: string | null;
}

/** The targets that have a door of their own, and where it is. */
const OWN_DOOR: Partial<Record<OrderStatus, string>> = {
  return: 'A return is made with the return form, for the units sent back.',
  refund:
    "A return's refund is issued from the return (Console > Returns), which refunds the card.",
};

/**
 * What an operator may move an order in `status` to through this door, in the machine's order. A
 * shipped order goes back to in-progress only when its label is voided (the labels feature, through
 * `unshipOrder`): not a button of its own.
 */
export function operatorTargets(status: OrderStatus): OrderStatus[] {
  return allowedFrom(status, 'operator').filter(
    (to) => OWN_DOOR[to] === undefined && !(status === 'shipped' && to === 'in-progress'),
  );
}

const VERBS: Partial<Record<OrderStatus, string>> = {
  'in-progress': 'order.start-fulfilment',
  shipped: 'order.ship',
  completed: 'order.complete',
  cancelled: 'order.cancel',
};

function illegal(from: OrderStatus, to: OrderStatus): StatusChangeFailure {
  const allowed = operatorTargets(from);
  const now = `This order is ${from}`;
  const options = allowed.length
    ? `it can move to ${allowed.join(' or ')}`
    : 'no further status change is possible';
  const door = OWN_DOOR[to] ? ` ${OWN_DOOR[to]}` : '';
  return fail('illegal_transition', `${now}: ${options}, not ${to}.${door}`, { allowed });
}

/** The shipped change's carrier and tracking number, or why they are not usable. */
function shipment(
  input: StatusChangeInput,
): { carrier: Carrier; tracking: string } | StatusChangeFailure {
  const carrier = input.carrier?.trim().toLowerCase() ?? '';
  const tracking = input.tracking ? parseTracking(input.tracking) : null;
  if (!carrier || !input.tracking?.trim()) {
    return fail('tracking_required', 'Shipping an order needs its carrier and tracking number.');
  }
  if (!isCarrier(carrier)) {
    return fail('tracking_required', 'The carrier is one of USPS, UPS, FedEx or DHL.');
  }
  if (!tracking) {
    return fail(
      'tracking_required',
      'A tracking number is 8 to 40 letters and digits (spaces are ignored).',
    );
  }
  return { carrier, tracking };
}

async function shopIdentity(db: Db, deps: OrderDeps): Promise<ShopIdentity> {
  return loadShopIdentity(db, deps.siteUrl);
}

export async function changeOrderStatus(
  db: Db,
  deps: OrderDeps,
  operator: Operator,
  input: StatusChangeInput,
): Promise<Result<Order, StatusChangeFailure>> {
  const order = await repo.findOrderByNumber(db, normalizeOrderNumber(input.orderNumber));
  if (!order || !isOrderStatus(order.status)) {
    return fail('not_found', 'We could not find this order.');
  }
  const to = input.status;
  let shipped: { carrier: Carrier; tracking: string } | undefined;
  if (to === 'shipped') {
    const checked = shipment(input);
    if ('ok' in checked) return checked;
    shipped = checked;
  }
  // The same request again, once done (a double click, a retried request): the order as it is.
  if (isReplay(order, to, shipped)) {
    return ok(await orderView(db, order));
  }
  if (!operatorTargets(order.status).includes(to)) return illegal(order.status, to);

  const shop = await shopIdentity(db, deps);
  const reason = input.reason?.trim() || null;
  const changed =
    to === 'cancelled'
      ? await cancel(db, deps, operator, order, order.status, reason, shop)
      : await move(db, operator, order, order.status, to, reason, shipped, shop);
  if (!changed.ok) return changed;

  const now = await repo.findOrder(db, order.id);
  if (!now || !isOrderStatus(now.status)) throw new Error(`Order ${order.id} vanished`);
  if (!changed.value) {
    // Another operator (or the customer) changed it first: answered as what is possible now.
    if (isReplay(now, to, shipped)) {
      return ok(await orderView(db, now));
    }
    return illegal(now.status, to);
  }
  return ok(await orderView(db, now));
}

/** The order is already where this door would have moved it, as asked (same carrier and tracking). */
function isReplay(
  order: OrderRow,
  to: OrderStatus,
  shipped: { carrier: Carrier; tracking: string } | undefined,
): boolean {
  if (order.status !== to || to === 'pending' || OWN_DOOR[to] !== undefined) return false;
  return !shipped || (order.carrier === shipped.carrier && order.tracking === shipped.tracking);
}

type Changed = Result<boolean, StatusChangeFailure>;

/** A change without money: under the lock, the transition, the operator action, and for shipped the email. */
async function move(
  db: Db,
  operator: Operator,
  order: OrderRow,
  from: OrderStatus,
  to: OrderStatus,
  reason: string | null,
  shipped: { carrier: Carrier; tracking: string } | undefined,
  shop: ShopIdentity,
): Promise<Changed> {
  const won = await db.transaction().execute(async (trx) => {
    const locked = await repo.lockOrder(trx, order.id);
    if (!locked || locked.status !== from) return false;
    // The order leaves `return` when its last open return settles (refunded or closed), never before.
    const open = from === 'return' ? await repo.countOpenReturns(trx, order.id) : 0;
    if (open > 0) return open;
    const at = nowIso();
    const moved = await repo.transitionOrder(trx, {
      orderId: order.id,
      from,
      to,
      actor: 'operator',
      actorId: operator.customerId,
      reason,
      at,
      ...(shipped ? { tracking: shipped.tracking, carrier: shipped.carrier } : {}),
    });
    if (!moved) return false;
    await record(trx, operator, order, from, to, reason, at, shipped);
    if (shipped) await queueShippedEmail(trx, locked, at, shipped, shop);
    // A shipped order completed by hand: the operator knows it arrived (the carrier's scan did not
    // come, or no label was bought here), so its buyer is invited to review as after a scan. The
    // delivery date stays the carrier's to record: the return window runs from this change meanwhile.
    if (from === 'shipped' && to === 'completed' && locked.delivered_at === null) {
      await publishDelivered(trx, order.id, at);
    }
    return true;
  });
  if (typeof won === 'number') {
    return fail(
      'returns_open',
      `This order has ${won === 1 ? 'a return' : `${won} returns`} still open: refund or close ${won === 1 ? 'it' : 'them'} in Console > Returns, and the order follows.`,
    );
  }
  return ok(won);
}

/**
 * The shipped email of `order` (its row as locked) just moved to shipped with `shipped`, in the
 * caller's transaction; keyed by carrier and tracking number, so one email per parcel however often
 * this runs (shared with order-label-shipping.ts).
 */
export async function queueShippedEmail(
  trx: Db,
  order: OrderRow,
  at: string,
  shipped: { carrier: string; tracking: string },
  shop: ShopIdentity,
): Promise<void> {
  const view = await orderView(trx, { ...order, status: 'shipped', updated_at: at, ...shipped });
  const mail = await orderShippedEmail(view, shop);
  await queueEmail(trx, {
    kind: 'order-shipped',
    to: order.email,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    dedupeKey: `order-shipped:${order.id}:${shipped.carrier}:${shipped.tracking}`,
    orderId: order.id,
  });
}

/** The operator action of a status change (shared with order-label-shipping.ts). */
export function record(
  trx: Db,
  operator: Operator,
  order: OrderRow,
  from: OrderStatus,
  to: OrderStatus,
  reason: string | null,
  at: string,
  detail: Record<string, unknown> = {},
) {
  return recordOperatorAction(trx, operator, {
    action: VERBS[to] ?? `order.${to}`,
    targetType: 'order',
    targetId: order.order_number,
    detail: { from, to, ...(reason ? { reason } : {}), ...detail },
    at,
  });
}

/** What commits with the refund of an operator's cancel, by name (order-refunds.service.ts). */
const OPERATOR_CANCEL = 'orders.operator-cancel';
interface OperatorCancel {
  operator: Operator;
  from: OrderStatus;
  reason: string | null;
}

/** Declares the operator's cancel's completion: the stock back, the email and the operator action. */
export function registerOperatorCancel(
  completions: RefundCompletions,
  siteUrl: () => string,
): void {
  completions.register<OperatorCancel>(OPERATOR_CANCEL, async (trx, { order, refund, data }) => {
    await afterCancel(await loadShopIdentity(trx, siteUrl()), 'shop')(trx, order, refund.amount);
    await record(
      trx,
      data.operator,
      order,
      data.from,
      'cancelled',
      data.reason,
      refund.created_at,
      {
        refunded: refund.amount,
      },
    );
  });
}

/**
 * Cancelled by the shop: what is left of the payment refunded through the provider (one idempotency
 * key per order, shared with the customer's own cancel, so the two can never both refund), then the
 * stock back, the email, the event and the operator action with the refund's record (the completion
 * `orders.operator-cancel`; the steps are order-refunds.service.ts's).
 */
async function cancel(
  db: Db,
  deps: OrderDeps,
  operator: Operator,
  order: OrderRow,
  from: OrderStatus,
  reason: string | null,
  shop: ShopIdentity,
): Promise<Changed> {
  const after = afterCancel(shop, 'shop');
  const why = reason ?? 'cancelled by the shop';
  const paid = order.payment_intent_id !== null && order.total > order.amount_refunded;
  if (!paid) {
    const won = await db.transaction().execute(async (trx: Transaction<Database>) => {
      const locked = await repo.lockOrder(trx, order.id);
      if (!locked || locked.status !== from) return false;
      const at = nowIso();
      const moved = await repo.transitionOrder(trx, {
        orderId: order.id,
        from,
        to: 'cancelled',
        actor: 'operator',
        actorId: operator.customerId,
        reason: why,
        at,
      });
      if (!moved) return false;
      await after(trx, locked, 0);
      await record(trx, operator, order, from, 'cancelled', reason, at, { refunded: 0 });
      return true;
    });
    return ok(won);
  }
  const data: OperatorCancel = { operator, from, reason };
  const refund = await refundOrder(db, deps, {
    orderId: order.id,
    amount: 'remaining',
    reason: why,
    idempotencyKey: `cancel:${order.id}`,
    actor: 'operator',
    actorId: operator.customerId,
    transition: { from, to: 'cancelled' },
    completion: { name: OPERATOR_CANCEL, data },
  });
  if (!refund.ok && refund.code === 'provider_refused') {
    deps.log.error(
      { orderId: order.id, code: refund.providerCode, message: refund.message },
      'the refund of an order cancelled by an operator was refused by the payment provider',
    );
    return fail(
      'refund_failed',
      refund.providerCode === PROVIDER_UNAVAILABLE
        ? `The payment provider could not be reached (${refund.message}). The refund is asked again automatically, and the order is cancelled when it goes through.`
        : `The payment provider refused the refund (${refund.message}), so the order was not cancelled. Try again, or check the payment in the provider's dashboard.`,
    );
  }
  return ok(refund.ok && refund.value.created);
}
