/** The outbox: business events queue mail inside their own transaction; the sender delivers it later. */
import type { Db } from '../../db/database.ts';
import { newId, nowIso } from '../../lib/ids.ts';
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
}

/** Queues an email in the caller's transaction; false when that dedupe key was already queued. */
export function queueEmail(trx: Db, email: OutgoingEmail): Promise<boolean> {
  return repo.insertEmail(trx, {
    id: email.id ?? newId('em'),
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
  });
}
