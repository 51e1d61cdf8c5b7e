import type { Kysely, Migration } from 'kysely';

/**
 * The payment page's scripts (issue 31 item 2, docs/decisions/056):
 * - `csp_reports`: the browsers' Content-Security-Policy reports, one row per kind of report (the
 *   fingerprint of directive, blocked URL, page and disposition) counting its repeats, so a storm
 *   of the same report grows a count, not the table;
 * - `payment_page_runs`: each check of /checkout against the build's script inventory;
 * - `payment_page_findings`: what a check found changed; open (an alert on the console's home) until
 *   a later clean check clears it or an operator acknowledges it.
 */
export const paymentPage: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('csp_reports')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('fingerprint', 'text', (c) => c.notNull().unique())
      .addColumn('directive', 'text', (c) => c.notNull())
      .addColumn('blocked_url', 'text', (c) => c.notNull())
      .addColumn('document_url', 'text', (c) => c.notNull())
      .addColumn('disposition', 'text', (c) => c.notNull())
      .addColumn('source_file', 'text')
      .addColumn('line_number', 'integer')
      .addColumn('sample', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('first_seen', 'text', (c) => c.notNull())
      .addColumn('last_seen', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('csp_reports_last_seen_idx')
      .on('csp_reports')
      .columns(['last_seen', 'id'])
      .execute();
    await db.schema
      .createTable('payment_page_runs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('started_by', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('scripts_checked', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('findings', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('error', 'text')
      .execute();
    await db.schema
      .createIndex('payment_page_runs_started_idx')
      .on('payment_page_runs')
      .column('started_at')
      .execute();
    await db.schema
      .createTable('payment_page_findings')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('run_id', 'text', (c) => c.notNull().references('payment_page_runs.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('expected', 'text')
      .addColumn('actual', 'text')
      .addColumn('detail', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text', (c) => c.notNull())
      .addColumn('closed_at', 'text')
      .addColumn('closed_by', 'text')
      .execute();
    await db.schema
      .createIndex('payment_page_findings_status_idx')
      .on('payment_page_findings')
      .columns(['status', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('payment_page_findings').ifExists().execute();
    await db.schema.dropTable('payment_page_runs').ifExists().execute();
    await db.schema.dropTable('csp_reports').ifExists().execute();
  },
};
