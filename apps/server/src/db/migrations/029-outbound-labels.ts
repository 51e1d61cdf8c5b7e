import { SqliteAdapter, sql, type Kysely, type Migration } from 'kysely';

/**
 * Outbound labels (issue 27 item 1, docs/decisions/039): each purchase of a shipping label for an
 * order, one row per attempt. `idempotency_key` (`order:<id>:label:<attempt>`) is what the provider is
 * asked with, unique; the partial unique index lets an order have at most one label being bought,
 * bought or being voided at a time, whichever process claims it. The PDF is kept (a blob on SQLite,
 * bytea on PostgreSQL) so every process prints it; the postage paid in cents; the carrier's reason
 * when it refused. `operator` is the JSON of who bought it, for the job that settles it.
 */
export const outboundLabels: Migration = {
  async up(db: Kysely<unknown>) {
    const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
    await db.schema
      .createTable('outbound_labels')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
      // buying | bought | refused | voiding | voided
      .addColumn('status', 'text', (c) => c.notNull())
      // How many times this attempt was claimed (a purchase whose answer never came is claimed again
      // with the same key): the job of each claim has its own key.
      .addColumn('claims', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('tracking_number', 'text')
      .addColumn('postage', 'integer')
      .addColumn('pdf', sqlite ? 'blob' : 'bytea')
      .addColumn('reason', 'text')
      // 1: the provider may have made the label (no answer): the next purchase asks with the same key.
      .addColumn('outcome_unknown', 'integer', (c) => c.notNull().defaultTo(0))
      // refunded | requested | none, once voided.
      .addColumn('refund', 'text')
      .addColumn('operator', 'text', (c) => c.notNull())
      .addColumn('asked_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('bought_at', 'text')
      .addColumn('voided_at', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('outbound_labels_attempt', ['order_id', 'attempt'])
      .execute();
    await sql`create unique index outbound_labels_live on outbound_labels (order_id) where status in ('buying', 'bought', 'voiding')`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('outbound_labels').execute();
  },
};
