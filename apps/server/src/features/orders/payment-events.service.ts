/**
 * What a verified payment event does. Events are de-duplicated by id (webhook_events); the order step
 * is itself idempotent, so an event is recorded after it is handled: a crash in between only means
 * the provider's retry is handled again, harmlessly.
 */
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/ids.ts';
import type { WebhookEvent } from '../payments/payment-provider.ts';
import * as repo from './orders.repository.ts';
import { createOrderForIntent, type OrderDeps } from './orders.service.ts';

export type EventOutcome =
  | { handled: 'duplicate' }
  | { handled: 'order'; orderNumber: string; created: boolean }
  | { handled: 'ignored'; note?: string };

export async function handlePaymentEvent(
  db: Db,
  deps: OrderDeps,
  event: WebhookEvent,
): Promise<EventOutcome> {
  if (await repo.webhookSeen(db, event.id)) return { handled: 'duplicate' };
  let outcome: EventOutcome = { handled: 'ignored' };
  if (event.type === 'payment_intent.succeeded') {
    const result = await createOrderForIntent(db, deps, event.data.object.id, 'webhook');
    outcome = result.ok
      ? { handled: 'order', orderNumber: result.order.orderNumber, created: result.created }
      : { handled: 'ignored', note: result.message };
    if (!result.ok) {
      deps.log.error(
        { event: event.id, reason: result.reason },
        'payment event did not create an order',
      );
    }
  }
  await repo.recordWebhook(db, {
    id: event.id,
    provider: deps.payments.name,
    type: event.type,
    at: nowIso(),
  });
  return outcome;
}
