import type { Kysely, Migration } from 'kysely';

/**
 * Reconciliation (issue 27 item 3, docs/decisions/038): each run over a period of the processor's
 * payments, and what it found, one finding per kind and payment so a run again adds nothing twice.
 */
export const reconciliation: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('reconciliation_runs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('period_from', 'text', (c) => c.notNull())
      .addColumn('period_to', 'text', (c) => c.notNull())
      .addColumn('started_by', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('payments_checked', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('findings', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('error', 'text')
      .execute();
    await db.schema
      .createIndex('reconciliation_runs_started_idx')
      .on('reconciliation_runs')
      .column('started_at')
      .execute();
    await db.schema
      .createTable('reconciliation_findings')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('run_id', 'text', (c) => c.notNull().references('reconciliation_runs.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('payment_intent_id', 'text', (c) => c.notNull())
      .addColumn('order_number', 'text')
      .addColumn('shop_amount', 'integer')
      .addColumn('processor_amount', 'integer')
      .addColumn('resolution', 'text', (c) => c.notNull())
      .addColumn('detail', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('reconciliation_findings_once', ['kind', 'payment_intent_id'])
      .execute();
    await db.schema
      .createIndex('reconciliation_findings_open_idx')
      .on('reconciliation_findings')
      .columns(['resolution', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('reconciliation_findings').ifExists().execute();
    await db.schema.dropTable('reconciliation_runs').ifExists().execute();
  },
};
