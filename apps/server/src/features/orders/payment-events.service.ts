/**
 * What a verified payment event does. Events are de-duplicated by id (webhook_events), and an event is
 * recorded only once its handling reached a final outcome:
 * - an order created or found, or a failure that no re-delivery can change (an intent this shop never
 *   made; a paid checkout that could not become an order for whatever reason, an unexpected error
 *   while recording it included, refunded): recorded, so a re-delivery is a duplicate;
 * - the provider does not show the intent paid yet (the event came first), the refund of a payment
 *   that cannot become an order did not go through, the database is busy or out of reach, or another
 *   request (the success page) is recording the order right now: not recorded, answered "retry" (the
 *   route's 503), so the provider delivers it again (and then finds the order);
 * - a thrown error (an outage before the order step): not recorded either; the route answers 500 and
 *   the provider delivers it again.
 * Two deliveries of one event at once may both handle it: the order step is idempotent (one order, one
 * email per intent) and the record is an insert that does nothing on conflict, so both end correctly.
 */
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/ids.ts';
import type { WebhookEvent } from '../payments/payments.api.ts';
import * as repo from './orders.repository.ts';
import { createOrderForIntent, type OrderDeps } from './orders.service.ts';

export type EventOutcome =
  | { handled: 'duplicate' }
  | { handled: 'order'; orderNumber: string; created: boolean }
  | { handled: 'ignored'; note?: string }
  /** Not handled yet (transient) and not recorded: the provider should deliver it again. */
  | { handled: 'retry'; message: string };

export async function handlePaymentEvent(
  db: Db,
  deps: OrderDeps,
  event: WebhookEvent,
): Promise<EventOutcome> {
  if (await repo.webhookSeen(db, event.id)) return { handled: 'duplicate' };
  const outcome = await handle(deps, db, event);
  if (outcome.handled === 'retry') return outcome;
  await repo.recordWebhook(db, {
    id: event.id,
    provider: deps.payments.name,
    type: event.type,
    at: nowIso(),
  });
  return outcome;
}

async function handle(deps: OrderDeps, db: Db, event: WebhookEvent): Promise<EventOutcome> {
  if (event.type !== 'payment_intent.succeeded') return { handled: 'ignored' };
  const result = await createOrderForIntent(db, deps, event.data.object.id, 'webhook');
  if (result.ok) {
    const { order, created } = result.value;
    return { handled: 'order', orderNumber: order.orderNumber, created };
  }
  if (result.code === 'not_paid') {
    return {
      handled: 'retry',
      message: 'The payment is not shown as completed yet. Please deliver this event again.',
    };
  }
  if (result.code === 'refund_failed') {
    return {
      handled: 'retry',
      message: 'The refund did not go through yet. Please deliver again.',
    };
  }
  if (result.code === 'unavailable') {
    return { handled: 'retry', message: 'The database is busy. Please deliver again.' };
  }
  if (result.code === 'in_progress') {
    return {
      handled: 'retry',
      message: "This payment's order is being recorded now. Please deliver this event again.",
    };
  }
  deps.log.error({ event: event.id, code: result.code }, 'payment event did not create an order');
  return { handled: 'ignored', note: result.message };
}
