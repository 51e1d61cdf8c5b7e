/**
 * Every table's rows, hashed: equal digests before and after a request mean it changed nothing. The
 * shop's own tables only (on PostgreSQL the job engine's pg-boss schema holds job states), without
 * the bookkeeping a request may write whatever it answers (rate-limit windows, queued jobs) and an
 * email's delivery columns (a job sends it in the background, apart from what was queued).
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { isPostgres, type Db } from '../src/db/database.ts';

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

/** The tables a digest reads (read from the schema once per database handle: no test changes it). */
const tableLists = new WeakMap<Db, Promise<string[]>>();
function tablesOf(db: Db): Promise<string[]> {
  let tables = tableLists.get(db);
  if (!tables) {
    tables = db.introspection.getTables().then((all) =>
      all
        .filter((table) => table.schema === undefined || table.schema === 'public')
        .map((table) => table.name)
        .filter((name) => !VOLATILE.has(name) && !name.startsWith('kysely_'))
        .sort(),
    );
    tableLists.set(db, tables);
  }
  return tables;
}

/**
 * A mark that moves whenever anything may have been written: two equal marks, no row was written in
 * between, so a digest taken at the first still holds at the second. On SQLite the connection's count
 * of rows inserted, updated or deleted (`total_changes()`: the shop and the test share the one
 * connection); on PostgreSQL one past the newest finished transaction id (`pg_current_snapshot()`'s
 * xmax: a transaction gets an id at its first write, so reads never move it; the ids are the
 * cluster's, so the other databases' writes move it too). Anything that writes, even what a digest
 * leaves out (a rate-limit window), moves it: a moved mark only means "digest again".
 */
export async function writeMark(db: Db): Promise<string> {
  const query = isPostgres(db)
    ? sql<{ mark: string }>`select pg_snapshot_xmax(pg_current_snapshot())::text as mark`
    : sql<{ mark: string }>`select total_changes() as mark`;
  return String((await query.execute(db)).rows[0]!.mark);
}

export async function tableDigest(db: Db): Promise<Record<string, string>> {
  const tables = await tablesOf(db);
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

/**
 * The tables' digest now, taken again only when the write mark has moved since the last one (the
 * mark is read first: a write landing between the two moves it, and the next call digests again).
 */
export function digestWhenWritten(db: Db): () => Promise<Record<string, string>> {
  let last: { mark: string; digest: Record<string, string> } | undefined;
  return async () => {
    const mark = await writeMark(db);
    if (last?.mark !== mark) last = { mark, digest: await tableDigest(db) };
    return last.digest;
  };
}

/** The tables whose digests differ. */
export const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
