/**
 * Order creation for a paid intent, from the success page or the payment webhook, whichever comes
 * first. Exactly once per intent: a unique payment_intent_id inside one transaction with the items,
 * the event log entry, the stock, the confirmation email and the `order.placed` event (its reactions:
 * orders.events.ts). Calling it again returns the same order.
 *
 * The two arrive together (the provider sends the webhook as the shopper's browser comes back), and
 * one records the order while the other waits for it: the success page waits, since it shows the
 * order; the webhook gives way (`in_progress`, delivered again later) when it finds another
 * transaction holding the checkout, rather than holding a connection in a lock wait until that
 * transaction's commit (issue 26: those waits were most of the lock waits under load on PostgreSQL).
 */
import type { Order } from '@sunward/core/checkout-schemas';
import { sizeLabel } from '@sunward/core/sizes';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import { retryTransient } from '../../lib/db-errors.ts';
import { singleLineTexts } from '../../lib/control-characters.ts';
import { newId, newOrderNumber, nowIso } from '../../lib/ids.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { loadShopIdentity } from '../settings/settings.api.ts';
import {
  findCheckoutForIntent,
  takeCheckoutForOrder,
  type CheckoutRow,
} from '../checkout/checkout.api.ts';
import { releaseStock, takeStock, type PricedLine } from '../catalog/catalog.api.ts';
import { useForOrder } from '../discounts/discounts.api.ts';
import { publishEvent } from '../../lib/jobs/events.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import { queueEmail, orderConfirmationEmail } from '../email/email.api.ts';
import type { PaymentIntentView, PaymentProvider } from '../payments/payments.api.ts';
import { toOrderView } from './order-view.ts';
import { orderView } from './order-views.ts';
import { ORDER_PLACED, type OrderPlaced } from './orders.events.ts';
import type { RefundCompletions } from './order-refunds.service.ts';
import * as repo from './orders.repository.ts';
import type { NewOrder } from './orders.table.ts';
import { OUR_FAULT, refundAfterError, refundUnorderable } from './unorderable-refund.service.ts';

export interface OrderDeps {
  payments: PaymentProvider;
  /** A refund of a payment that cannot become an order, and every refund claimed, is finished by a job. */
  jobs: Pick<JobQueue, 'enqueue'>;
  /** What each feature that refunds does when its refund is recorded (order-refunds.service.ts). */
  refundCompletions: RefundCompletions;
  /** For links in the email; the brand name comes from the shopName setting. */
  siteUrl: string;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/**
 * not_found and not_paid may change (a webhook early, a payment still processing); refunded is final:
 * the intent was paid but its checkout could not become an order, so it was refunded. refund_failed:
 * the same, but the refund did not go through (logged for an operator; retried on the next call).
 * unavailable: the database is busy or out of reach; nothing was recorded or refunded, try again.
 * in_progress (the webhook only): another request holds the checkout, recording its order (or
 * closing it for a refund); nothing was done, ask again once it has committed.
 */
export type CreateOrderFailure = Failure<
  'not_found' | 'not_paid' | 'refunded' | 'refund_failed' | 'unavailable' | 'in_progress'
>;
export type CreateOrderResult = Result<{ order: Order; created: boolean }, CreateOrderFailure>;

/** Thrown inside the order's transaction to roll it back when a size's stock is short. */
class StockShort extends Error {}

/** Thrown inside the order's transaction when its discount code has no use left for it (decision 042). */
class DiscountLost extends Error {}

/** Thrown inside the order's transaction when its checkout was closed for a refund meanwhile. */
class CheckoutRefunding extends Error {}

/** Thrown inside the webhook's order transaction when another one holds the checkout. */
class RecordingElsewhere extends Error {}

export async function findOrderForIntent(
  db: Db,
  paymentIntentId: string,
): Promise<Order | undefined> {
  const row = await repo.findOrderByIntent(db, paymentIntentId);
  return row ? orderView(db, row) : undefined;
}

export async function createOrderForIntent(
  db: Db,
  deps: OrderDeps,
  paymentIntentId: string,
  actor: 'success-page' | 'webhook',
): Promise<CreateOrderResult> {
  const existing = await findOrderForIntent(db, paymentIntentId);
  if (existing) return ok({ order: existing, created: false });

  // validate: the provider says the intent is paid, for the amount the shop computed.
  const intent = await deps.payments.retrieve(paymentIntentId);
  const checkout = intent ? await findCheckoutForIntent(db, paymentIntentId) : undefined;
  if (!intent || !checkout) {
    return fail('not_found', 'We could not find this payment.');
  }
  if (intent.status !== 'succeeded') {
    return fail('not_paid', 'This payment has not been completed.');
  }
  if (checkout.status === 'refunding' || checkout.status === 'refunded') {
    return refundUnorderable(db, deps, intent, checkout, OUR_FAULT);
  }
  if (!checkout.shipping_option || !checkout.shipping_address || !checkout.shipping_name) {
    return refundUnorderable(
      db,
      deps,
      intent,
      checkout,
      'the payment went through before a shipping address and option were chosen.',
    );
  }
  if (intent.amount !== checkout.total) {
    deps.log.error(
      { paymentIntentId, paid: intent.amount, total: checkout.total },
      'paid amount differs from the checkout total',
    );
    return refundUnorderable(
      db,
      deps,
      intent,
      checkout,
      'the amount paid was not the order total shown at checkout.',
    );
  }

  // record + notify, in one transaction, run again after a transient database error. Any other
  // failure refunds the payment: money is never kept without an order.
  // The new order's view, made in its transaction from the rows it wrote (null: another request
  // recorded the order first).
  let created: Order | null;
  try {
    const shop = await loadShopIdentity(db, deps.siteUrl);
    // The order as it will be written, and its confirmation email rendered from it here, before the
    // transaction: rendering costs about 3 ms of CPU, which the transaction's locks would be held
    // through (SQLite's one writer, PostgreSQL's rows). The email row is still written in the order's
    // transaction, so it exists if and only if the order does.
    const draft = draftOrder(intent, checkout);
    const mail = await orderConfirmationEmail(
      toOrderView({ ...draft.order, delivered_at: null }, draft.items, []),
      shop,
      // A signed-in customer's order is on their account page; a guest looks it up.
      { account: checkout.customer_id !== null },
    );
    created = await retryTransient(
      () =>
        db.transaction().execute(async (trx) => {
          // The checkout first: an order only for an open one (see takeCheckoutForOrder).
          const taken = await takeCheckoutForOrder(trx, checkout.id, {
            wait: actor !== 'webhook',
          });
          if (taken === 'busy') throw new RecordingElsewhere();
          if (taken === 'completed') return null; // another request recorded the order
          if (taken !== 'taken') throw new CheckoutRefunding();
          return recordOrder(trx, draft, mail, intent, checkout, actor);
        }),
      (error, attempt) =>
        deps.log.warn(
          { err: error, paymentIntentId, attempt },
          'order transaction hit a transient database error; trying again',
        ),
    );
  } catch (error) {
    if (error instanceof RecordingElsewhere) {
      return fail('in_progress', 'Another request is recording the order for this payment.');
    }
    if (error instanceof StockShort || error instanceof DiscountLost) {
      return refundUnorderable(db, deps, intent, checkout, error.message);
    }
    if (error instanceof CheckoutRefunding) {
      return refundUnorderable(db, deps, intent, checkout, OUR_FAULT);
    }
    return refundAfterError(db, deps, intent, checkout, error);
  }
  if (created) return ok({ order: created, created: true });
  const order = await findOrderForIntent(db, paymentIntentId);
  if (!order) throw new Error(`Order for ${paymentIntentId} vanished after creation`);
  return ok({ order, created: false });
}

/** The order and its item rows as they will be written: ids, number and time made here. */
function draftOrder(intent: PaymentIntentView, checkout: CheckoutRow) {
  const now = nowIso();
  const orderId = newId('ord');
  const billing = singleLineTexts(intent.billing);
  const shippingAddress = checkout.shipping_address!;
  const order = {
    id: orderId,
    order_number: newOrderNumber(),
    payment_intent_id: intent.id,
    customer_id: checkout.customer_id,
    status: 'pending',
    email: checkout.email ?? billing?.email ?? '',
    shipping_name: checkout.shipping_name!,
    shipping_address: shippingAddress,
    shipping_option: checkout.shipping_option!,
    billing_name: billing?.name || checkout.shipping_name!,
    billing_phone: billing?.phone ?? null,
    billing_address: billing ? JSON.stringify(billing.address) : shippingAddress,
    card_brand: intent.card?.brand ?? null,
    card_last4: intent.card?.last4 ?? null,
    subtotal: checkout.subtotal,
    shipping: checkout.shipping ?? 0,
    sales_tax: checkout.sales_tax ?? 0,
    discount_code: checkout.discount_code,
    discount: checkout.discount,
    shipping_discount: checkout.shipping_discount,
    tax_rate: checkout.tax_rate,
    tax_parts: checkout.tax_parts,
    tax_calculation: checkout.tax_calculation,
    total: checkout.total,
    amount_refunded: 0,
    tracking: null,
    carrier: null,
    created_at: now,
    updated_at: now,
  } satisfies NewOrder;
  const lines = JSON.parse(checkout.lines) as PricedLine[];
  const lineDiscounts = checkout.line_discounts
    ? (JSON.parse(checkout.line_discounts) as number[])
    : [];
  return { order, lines, items: repo.itemRows(orderId, lines, lineDiscounts) };
}

async function recordOrder(
  trx: Transaction<Database>,
  draft: ReturnType<typeof draftOrder>,
  mail: { subject: string; html: string; text: string },
  intent: PaymentIntentView,
  checkout: CheckoutRow,
  actor: string,
): Promise<Order | null> {
  const { order: draftRow, lines } = draft;
  const { id: orderId, order_number: orderNumber, created_at: now } = draftRow;
  const inserted = await repo.insertOrderOnce(trx, draftRow);
  if (!inserted) return null; // another request created it first

  const items = await repo.insertItems(trx, draft.items);
  // the code's use becomes the order's, in its transaction: never an order at a price not charged
  if (checkout.discount_code) {
    const used = await useForOrder(trx, {
      checkoutId: checkout.id,
      code: checkout.discount_code,
      orderId,
      orderTotal: checkout.total,
      discount: checkout.discount,
      shopper: { customerId: checkout.customer_id, email: checkout.email },
    });
    if (!used) {
      throw new DiscountLost(
        `the discount code ${checkout.discount_code} was used up by other orders before your payment went through.`,
      );
    }
  }
  await repo.appendEvent(trx, {
    id: newId('oe'),
    order_id: orderId,
    at: now,
    actor: 'system',
    from_status: null,
    to_status: 'pending',
    reason: `paid (${actor})`,
  });
  // What was bought leaves the customer's bag by a reaction of the cart (cart-purchases.ts), as every
  // other consequence of the order outside it: the event exists if and only if the order commits.
  await publishEvent<OrderPlaced>(trx, {
    name: ORDER_PLACED,
    data: {
      orderId,
      customerId: checkout.customer_id,
      orderNumber,
      taxCalculation: checkout.tax_calculation,
    },
    key: orderId,
  });

  // A new order, from the rows as written: no returns yet.
  const view = toOrderView(
    inserted,
    items.sort((a, b) => a.line_no - b.line_no),
    [],
  );
  await queueEmail(trx, {
    kind: 'order-confirmation',
    to: view.billing.email,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    dedupeKey: `order-confirmation:${intent.id}`,
    orderId,
  });
  // Last, so the sizes' inventory rows stay locked only from here to the commit (every buyer of a
  // size takes that row): the checkout's hold goes, and the stock is taken for good, never below zero.
  await releaseStock(trx, checkout.id);
  const short = await takeStock(trx, lines, now);
  if (short)
    throw new StockShort(`size ${sizeLabel(short)} sold out before your payment went through.`);
  return view;
}
