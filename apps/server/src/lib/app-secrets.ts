/**
 * Secrets the shop generates for itself rather than ship in its source (the sandbox's webhook signing
 * secret; later, cookie keys): made at random on first use and kept in the database, so every process of
 * one shop, and every restart, uses the same value.
 */
import type { Db } from '../db/database.ts';
import { nowIso } from './ids.ts';

/**
 * The secret called `name`, created with `generate()` if the shop has none yet. Race-safe across
 * processes: concurrent first calls each try to insert (the primary key keeps one, the rest do
 * nothing), then all read the one stored value.
 */
export async function getOrCreateSecret(
  db: Db,
  name: string,
  generate: () => string,
): Promise<string> {
  const existing = await readSecret(db, name);
  if (existing !== undefined) return existing;
  await db
    .insertInto('app_secrets')
    .values({ name, value: generate(), created_at: nowIso() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const stored = await readSecret(db, name);
  if (stored === undefined) throw new Error(`The secret "${name}" was not stored`);
  return stored;
}

async function readSecret(db: Db, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value;
}
