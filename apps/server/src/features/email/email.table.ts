import type { Generated, Selectable } from 'kysely';

export interface EmailOutboxTable {
  id: string;
  kind: string;
  dedupe_key: string | null;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  status: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** Where the recipient's answer goes, when not the sender (migration 016): a support reply's. */
  reply_to: string | null;
  /** The email this one is a re-sent copy of (the console's Re-send of a sent email; migration 016). */
  resent_from: string | null;
  /** The order the email is about, when it is about one (migration 013). */
  order_id: string | null;
  /** A marketing email's one-click unsubscribe URL (List-Unsubscribe, RFC 8058; migration 034). */
  list_unsubscribe: Generated<string | null>;
}

/** One re-send click in the console (migration 016): its key answers a repeated click the same. */
export interface EmailResendsTable {
  idempotency_key: string;
  email_id: string;
  /** requeued: a failed email queued again; copied: a sent one queued again as a new email. */
  outcome: 'requeued' | 'copied';
  copy_id: string | null;
  operator_id: string;
  created_at: string;
}

export type EmailRow = Selectable<EmailOutboxTable>;
export type EmailResendRow = Selectable<EmailResendsTable>;

export interface EmailTables {
  email_outbox: EmailOutboxTable;
  email_resends: EmailResendsTable;
}
