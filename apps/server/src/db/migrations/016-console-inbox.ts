import { sql, type Kysely, type Migration } from 'kysely';
import { errorFingerprint } from '../../lib/error-fingerprint.ts';

/**
 * The console's inbox, customers, outbox and errors (issue 15, items 6 and 7):
 * - `support_replies`: an operator's answer to a support message, emailed through the outbox; the
 *   console's idempotency key is unique, so a double submit makes one reply.
 * - `support_requests`, `data_requests`: indexes for the operators' lists; a data request records when
 *   it was completed and the operator's note of what was done; both record when their sender's
 *   personal data was erased (`erased_at`: the text and the address are gone, the dates stay).
 * - indexes that find a customer's checkouts, support messages and data requests by customer, email
 *   (lowercased) or order number, for the customer page, the export and the erasure;
 * - `customers.erased_at`: the customer's personal data was erased (the row stays as the placeholder
 *   the orders' financial records point to). `erased_identities`: the identities an erasure removed,
 *   so an access token issued before it cannot make the customer again (customers.service).
 * - `email_outbox.reply_to` (a support reply is answered to the support address), `resent_from` (a
 *   copy the console re-sent), an index for the console's newest-first list and one on the lowercased
 *   address (a customer's emails); `email_resends`: one row per re-send click (its idempotency key).
 * - `client_errors.fingerprint`: type + message + first stack frame, hashed (lib/error-fingerprint),
 *   so the console groups reports of one bug; computed here for the reports already stored.
 * The NOT NULL columns added to existing tables carry a default only because SQLite cannot add one
 * without it.
 */
const LOOKUP_INDEXES = [
  ['checkouts_customer_idx', 'checkouts', 'customer_id'],
  ['data_requests_customer_idx', 'data_requests', 'customer_id'],
  ['support_requests_order_idx', 'support_requests', 'order_number'],
] as const;
const EMAIL_INDEXES = [
  ['checkouts_email_lower_idx', 'checkouts'],
  ['support_requests_email_lower_idx', 'support_requests'],
  ['data_requests_email_lower_idx', 'data_requests'],
] as const;

export const consoleInbox: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('support_replies')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('support_request_id', 'text', (c) => c.notNull().references('support_requests.id'))
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('email_id', 'text')
      .addColumn('operator_id', 'text', (c) => c.notNull())
      .addColumn('operator_email', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('support_replies_request_idx')
      .on('support_replies')
      .columns(['support_request_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('support_requests_status_created_idx')
      .on('support_requests')
      .columns(['status', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('support_requests_created_idx')
      .on('support_requests')
      .columns(['created_at', 'id'])
      .execute();
    await db.schema.alterTable('support_requests').addColumn('erased_at', 'text').execute();
    await db.schema
      .createIndex('support_requests_customer_idx')
      .on('support_requests')
      .column('customer_id')
      .execute();

    await db.schema.alterTable('data_requests').addColumn('completed_at', 'text').execute();
    await db.schema.alterTable('data_requests').addColumn('completion_note', 'text').execute();
    await db.schema.alterTable('data_requests').addColumn('erased_at', 'text').execute();
    await db.schema
      .createIndex('data_requests_completed_idx')
      .on('data_requests')
      .columns(['status', 'completed_at', 'id'])
      .execute();

    // A customer's records, found by their customer or their email (customer-footprint.ts) without
    // reading whole tables.
    for (const [name, table, column] of LOOKUP_INDEXES) {
      await db.schema.createIndex(name).on(table).column(column).execute();
    }
    for (const [name, table] of EMAIL_INDEXES) {
      await db.schema
        .createIndex(name)
        .on(table)
        .expression(sql`lower(email)`)
        .execute();
    }

    await db.schema.alterTable('customers').addColumn('erased_at', 'text').execute();
    await db.schema
      .createIndex('customers_created_idx')
      .on('customers')
      .columns(['created_at', 'id'])
      .execute();
    await db.schema
      .createTable('erased_identities')
      .addColumn('issuer', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('erased_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('erased_identities_pk', ['issuer', 'subject'])
      .execute();

    await db.schema.alterTable('email_outbox').addColumn('reply_to', 'text').execute();
    await db.schema.alterTable('email_outbox').addColumn('resent_from', 'text').execute();
    await db.schema
      .createIndex('email_outbox_created_idx')
      .on('email_outbox')
      .columns(['created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('email_outbox_to_lower_idx')
      .on('email_outbox')
      .expression(sql`lower(to_address)`)
      .execute();
    await db.schema
      .createTable('email_resends')
      .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
      .addColumn('email_id', 'text', (c) => c.notNull())
      // requeued (a failed email queued again) | copied (a sent one queued again as a new email)
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('copy_id', 'text')
      .addColumn('operator_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .alterTable('client_errors')
      .addColumn('fingerprint', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .createIndex('client_errors_fingerprint_idx')
      .on('client_errors')
      .columns(['fingerprint', 'created_at'])
      .execute();
    await db.schema
      .createIndex('client_errors_created_idx')
      .on('client_errors')
      .column('created_at')
      .execute();
    const errors = db as Kysely<{
      client_errors: {
        id: string;
        type: string | null;
        message: string;
        stack: string | null;
        fingerprint: string;
      };
    }>;
    const rows = await errors
      .selectFrom('client_errors')
      .select(['id', 'type', 'message', 'stack'])
      .where('fingerprint', '=', '')
      .execute();
    for (const row of rows) {
      await errors
        .updateTable('client_errors')
        .set({ fingerprint: errorFingerprint(row) })
        .where('id', '=', row.id)
        .execute();
    }
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('client_errors_created_idx').ifExists().execute();
    await db.schema.dropIndex('client_errors_fingerprint_idx').ifExists().execute();
    await db.schema.alterTable('client_errors').dropColumn('fingerprint').execute();
    await db.schema.dropTable('email_resends').ifExists().execute();
    await db.schema.dropIndex('email_outbox_to_lower_idx').ifExists().execute();
    await db.schema.dropIndex('email_outbox_created_idx').ifExists().execute();
    await db.schema.alterTable('email_outbox').dropColumn('resent_from').execute();
    await db.schema.alterTable('email_outbox').dropColumn('reply_to').execute();
    await db.schema.dropTable('erased_identities').ifExists().execute();
    await db.schema.dropIndex('customers_created_idx').ifExists().execute();
    for (const [name] of [...EMAIL_INDEXES, ...LOOKUP_INDEXES]) {
      await db.schema.dropIndex(name).ifExists().execute();
    }
    await db.schema.alterTable('customers').dropColumn('erased_at').execute();
    await db.schema.dropIndex('data_requests_completed_idx').ifExists().execute();
    await db.schema.alterTable('data_requests').dropColumn('erased_at').execute();
    await db.schema.alterTable('data_requests').dropColumn('completion_note').execute();
    await db.schema.alterTable('data_requests').dropColumn('completed_at').execute();
    await db.schema.dropIndex('support_requests_customer_idx').ifExists().execute();
    await db.schema.alterTable('support_requests').dropColumn('erased_at').execute();
    await db.schema.dropIndex('support_requests_created_idx').ifExists().execute();
    await db.schema.dropIndex('support_requests_status_created_idx').ifExists().execute();
    await db.schema.dropTable('support_replies').ifExists().execute();
  },
};
