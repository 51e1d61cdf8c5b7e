import type { Db } from '../../db/database.ts';

export function listSettings(db: Db) {
  return db.selectFrom('settings').selectAll().execute();
}

/** Writes each value (JSON text), replacing what is stored under its key. */
export async function upsertSettings(db: Db, values: Record<string, string>, at: string) {
  const rows = Object.entries(values).map(([key, value]) => ({ key, value, updated_at: at }));
  if (rows.length === 0) return;
  await db
    .insertInto('settings')
    .values(rows)
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        value: eb.ref('excluded.value'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/** Inserts the values whose key is missing, never overwriting one; returns how many were inserted. */
export async function insertMissingSettings(
  db: Db,
  values: Record<string, string>,
  at: string,
): Promise<number> {
  const have = new Set((await db.selectFrom('settings').select('key').execute()).map((r) => r.key));
  const rows = Object.entries(values)
    .filter(([key]) => !have.has(key))
    .map(([key, value]) => ({ key, value, updated_at: at }));
  if (rows.length) await db.insertInto('settings').values(rows).execute();
  return rows.length;
}

/**
 * Touches one stored setting (the first key) without changing it, so concurrent changes queue up on
 * that one row until the transaction ends (a row lock on PostgreSQL, the write lock on SQLite): each
 * then reads what the one before it wrote. One row, not all: two transactions touching every row in
 * whatever order PostgreSQL's scan meets them can each hold a row the other waits for (a deadlock,
 * seen as 500s when six saves raced).
 */
export async function lockSettings(trx: Db) {
  await trx
    .updateTable('settings')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('key', '=', (eb) => eb.selectFrom('settings').select((s) => s.fn.min('key').as('k')))
    .execute();
}
