import type { Selectable } from 'kysely';

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
  /** The order the email is about, when it is about one (migration 013). */
  order_id: string | null;
}

export type EmailRow = Selectable<EmailOutboxTable>;

export interface EmailTables {
  email_outbox: EmailOutboxTable;
}
