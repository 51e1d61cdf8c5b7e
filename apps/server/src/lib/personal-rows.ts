/**
 * SQL helpers of the personal-data parts (lib/personal-data.ts): id lists read and written in chunks,
 * counts of what a write changed, and the rewrite of kept free text with the identifiers scrubbed.
 */
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/database.ts';

/** Splits a long id list so no statement carries too many parameters. */
export function chunks<T>(items: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The rows `read` answers for each chunk of `values`, together; [] for no values. */
export async function inChunks<T>(
  values: readonly string[],
  read: (part: string[]) => Promise<T[]>,
): Promise<T[]> {
  const rows: T[] = [];
  for (const part of chunks(values)) rows.push(...(await read(part)));
  return rows;
}

/** How many rows some updates or deletes changed. */
export const changedRows = (
  results: readonly { numUpdatedRows?: bigint; numDeletedRows?: bigint }[],
): number => results.reduce((n, r) => n + Number(r.numUpdatedRows ?? r.numDeletedRows ?? 0), 0);

/**
 * Rewrites the rows of `table` whose `column` `scrub` changes (rows: their `id` and that text); answers
 * how many changed.
 */
export async function scrubRows(
  trx: Transaction<Database>,
  table: keyof Database,
  column: string,
  rows: readonly { id: string; text: string | null }[],
  scrub: (text: string) => string,
): Promise<number> {
  let changed = 0;
  for (const row of rows) {
    if (row.text === null) continue;
    const clean = scrub(row.text);
    if (clean === row.text) continue;
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${clean} where id = ${row.id}`.execute(
      trx,
    );
    changed++;
  }
  return changed;
}
