/**
 * Every table's rows, hashed: equal digests before and after a request mean it changed nothing. The
 * shop's own tables only (on PostgreSQL the job engine's pg-boss schema holds job states), without
 * the bookkeeping a request may write whatever it answers (rate-limit windows, queued jobs) and an
 * email's delivery columns (a job sends it in the background, apart from what was queued).
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../src/db/database.ts';

/**
 * Written whoever asks and whatever the answer: rate-limit windows, the job engine's rows, and the
 * shop's secrets (a link's signing key is made by the first request that signs or checks a link).
 */
const VOLATILE = new Set([
  'rate_limits',
  'rate_limit_keys',
  'jobs',
  'job_keys',
  'job_schedules',
  'app_secrets',
]);
const DELIVERY = ['status', 'attempts', 'sent_at', 'last_error'];

export async function tableDigest(db: Db): Promise<Record<string, string>> {
  const tables = (await db.introspection.getTables())
    .filter((table) => table.schema === undefined || table.schema === 'public')
    .map((table) => table.name)
    .filter((name) => !VOLATILE.has(name) && !name.startsWith('kysely_'))
    .sort();
  const out: Record<string, string> = {};
  for (const name of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    const lines = rows.rows.map((row) =>
      JSON.stringify(
        name === 'email_outbox'
          ? Object.fromEntries(Object.entries(row).filter(([column]) => !DELIVERY.includes(column)))
          : row,
        (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v),
      ),
    );
    out[name] = createHash('sha256').update(lines.sort().join('\n')).digest('hex');
  }
  return out;
}

/** The tables whose digests differ. */
export const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
