import { SqliteAdapter, type Kysely, type Migration } from 'kysely';

/**
 * The job engine (issue 25, docs/decisions/029; lib/jobs):
 * - `job_keys`: every de-duplication key ever enqueued, inserted in the enqueuing transaction, so a key
 *   is used once whatever the engine;
 * - `job_schedules`: each schedule's next period, claimed by a compare-and-set UPDATE so one process
 *   enqueues each period's job;
 * - `jobs` (SQLite only): the embedded engine's queue, claimed oldest due first by an UPDATE ...
 *   RETURNING. On PostgreSQL pg-boss keeps its jobs in its own schema, made by its own start.
 */
export const jobs: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('job_keys')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('job_schedules')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('next_run_at', 'text', (c) => c.notNull())
      .execute();
    if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
    await db.schema
      .createTable('jobs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('run_at', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', (c) => c.notNull())
      .addColumn('locked_until', 'text')
      .addColumn('locked_by', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('failed_at', 'text')
      .execute();
    // The claim: a name's queued jobs by due time, and its running ones whose lease may have ended.
    await db.schema
      .createIndex('jobs_claim_idx')
      .on('jobs')
      .columns(['name', 'state', 'run_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('jobs').ifExists().execute();
    await db.schema.dropTable('job_schedules').execute();
    await db.schema.dropTable('job_keys').execute();
  },
};
