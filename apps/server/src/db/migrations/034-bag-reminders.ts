import type { Kysely, Migration } from 'kysely';

/**
 * The bag reminder (issue 28 item 3, docs/decisions/044): a checkout's consent to one reminder (when and
 * where it was given) and when its reminder was queued; the addresses that unsubscribed from marketing
 * email; the unsubscribe address an outbox email is sent with (List-Unsubscribe, RFC 8058).
 */
export const bagReminders: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('checkouts').addColumn('reminder_consent_at', 'text').execute();
    await db.schema.alterTable('checkouts').addColumn('reminder_consent_source', 'text').execute();
    await db.schema.alterTable('checkouts').addColumn('reminded_at', 'text').execute();
    // The sweep's candidates: consent given, not reminded yet.
    await db.schema
      .createIndex('checkouts_reminder_due_idx')
      .on('checkouts')
      .columns(['reminded_at', 'reminder_consent_at'])
      .execute();
    await db.schema
      .createTable('marketing_unsubscribes')
      .addColumn('email', 'text', (c) => c.primaryKey())
      .addColumn('unsubscribed_at', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('email_outbox').addColumn('list_unsubscribe', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('email_outbox').dropColumn('list_unsubscribe').execute();
    await db.schema.dropTable('marketing_unsubscribes').execute();
    await db.schema.dropIndex('checkouts_reminder_due_idx').execute();
    await db.schema.alterTable('checkouts').dropColumn('reminded_at').execute();
    await db.schema.alterTable('checkouts').dropColumn('reminder_consent_source').execute();
    await db.schema.alterTable('checkouts').dropColumn('reminder_consent_at').execute();
  },
};
