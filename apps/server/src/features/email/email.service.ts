/**
 * The outbox: business events queue mail inside their own transaction, with its delivery job
 * (email-jobs.ts); the sender delivers it later.
 */
import type { Db } from '../../db/database.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { enqueueDelivery } from './email-jobs.ts';
import * as repo from './email.repository.ts';

export interface OutgoingEmail {
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** One email per business event, e.g. "order-confirmation:<payment intent>": never queued twice. */
  dedupeKey: string;
  /** Where the recipient's answer should go (a support reply: the support address). */
  replyTo?: string;
  /** The outbox id, when the caller must know it (a support reply records its email). */
  id?: string;
  /** The order the email is about (its page lists the emails sent for it). */
  orderId?: string;
  /**
   * A marketing email's one-click unsubscribe URL: sent as List-Unsubscribe with
   * List-Unsubscribe-Post (RFC 8058, decision 044).
   */
  listUnsubscribe?: string;
}

/** Queues an email in the caller's transaction; false when that dedupe key was already queued. */
export async function queueEmail(trx: Db, email: OutgoingEmail): Promise<boolean> {
  const id = email.id ?? newId('em');
  const inserted = await repo.insertEmail(trx, {
    id,
    kind: email.kind,
    dedupe_key: email.dedupeKey,
    to_address: email.to,
    subject: email.subject,
    html: email.html,
    text: email.text,
    status: 'queued',
    attempts: 0,
    created_at: nowIso(),
    reply_to: email.replyTo ?? null,
    order_id: email.orderId ?? null,
    list_unsubscribe: email.listUnsubscribe ?? null,
  });
  if (inserted) await enqueueDelivery(trx, id);
  return inserted;
}
