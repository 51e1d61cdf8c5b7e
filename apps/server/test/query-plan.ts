import { CompiledQuery, sql } from 'kysely';
import type { Db, DialectName } from '../src/db/database.ts';

/**
 * The plan of a query, one line per step: SQLite's EXPLAIN QUERY PLAN (no statistics, as the shop runs
 * it), PostgreSQL's EXPLAIN with sequential scans off (after the caller's ANALYZE).
 */
export async function queryPlan(
  db: Db,
  kind: DialectName,
  compiled: CompiledQuery,
): Promise<string> {
  const explain = (executor: Db, prefix: string) =>
    executor.executeQuery<Record<string, string>>(
      CompiledQuery.raw(`${prefix} ${compiled.sql}`, [...compiled.parameters]),
    );
  const rows =
    kind === 'sqlite'
      ? await explain(db, 'explain query plan')
      : await db.transaction().execute(async (trx) => {
          await sql`set local enable_seqscan = off`.execute(trx);
          return explain(trx, 'explain');
        });
  return rows.rows.map((r) => r.detail ?? r['QUERY PLAN']).join('\n');
}
