import { SqliteAdapter, type Kysely, type Migration } from 'kysely';
import { dataRequestDueBy } from '@sunward/core/support';

/**
 * Return labels and privacy requests (issue 14):
 * - `return_labels`: one label per return (`return_id` unique), its PDF kept in the database (a blob on
 *   SQLite, bytea on PostgreSQL) so every process can serve it; `token` is the unguessable name of its
 *   URL (`/api/returns/labels/{token}.pdf`).
 * - `data_requests` gets what a privacy request under California law needs: when it was received (the
 *   45 days count from there), its deadline `due_by` (an ISO date), and the customer who sent it when
 *   they were signed in. Existing rows get their `created_at` as received and the deadline from it.
 *   The columns carry a default only because SQLite cannot add a NOT NULL column without one; every
 *   insert sets them.
 */
export const labelsSupport: Migration = {
  async up(db: Kysely<unknown>) {
    const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
    await db.schema
      .createTable('return_labels')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('return_id', 'text', (c) => c.notNull().unique().references('returns.id'))
      .addColumn('token', 'text', (c) => c.notNull().unique())
      .addColumn('tracking_number', 'text', (c) => c.notNull())
      // sandbox | usps-api: who made the label.
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('pdf', sqlite ? 'blob' : 'bytea', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .alterTable('data_requests')
      .addColumn('received_at', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('data_requests')
      .addColumn('due_by', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('data_requests')
      .addColumn('customer_id', 'text', (c) => c.references('customers.id'))
      .execute();
    // The operators' list: open requests by deadline.
    await db.schema
      .createIndex('data_requests_due_idx')
      .on('data_requests')
      .columns(['status', 'due_by'])
      .execute();

    const untyped = db as Kysely<{
      data_requests: { id: string; created_at: string; received_at: string; due_by: string };
    }>;
    const rows = await untyped
      .selectFrom('data_requests')
      .select(['id', 'created_at'])
      .where('received_at', '=', '')
      .execute();
    for (const row of rows) {
      await untyped
        .updateTable('data_requests')
        .set({ received_at: row.created_at, due_by: dataRequestDueBy(new Date(row.created_at)) })
        .where('id', '=', row.id)
        .execute();
    }
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('data_requests_due_idx').ifExists().execute();
    for (const column of ['customer_id', 'due_by', 'received_at']) {
      await db.schema.alterTable('data_requests').dropColumn(column).execute();
    }
    await db.schema.dropTable('return_labels').ifExists().execute();
  },
};
