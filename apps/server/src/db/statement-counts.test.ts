/**
 * The statement counts (statement-counts.ts) on every test database: each statement counted once by
 * its kind, a transaction's begin, commit and rollback included, a failed one among the errors too,
 * its time summed; nothing counted on a database opened without `countStatements`.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/test-app.ts';
import { STATEMENT_KINDS, type StatementCounts, type StatementKind } from './statement-counts.ts';

/** What the counts grew by while `work` ran: the kinds that moved, the errors, the seconds. */
async function growth(counts: StatementCounts, work: () => Promise<unknown>) {
  const before = { ...counts.byKind };
  const errors = counts.errors;
  const seconds = counts.seconds;
  await work();
  const kinds: Partial<Record<StatementKind, number>> = {};
  for (const kind of STATEMENT_KINDS) {
    const grown = counts.byKind[kind] - before[kind];
    if (grown !== 0) kinds[kind] = grown;
  }
  return { kinds, errors: counts.errors - errors, seconds: counts.seconds - seconds };
}

describe.each(DATABASE_KINDS)('statement counts (%s)', (kind) => {
  let database: TestDatabase;
  let counts: StatementCounts;
  const setting = (key: string) => ({ key, value: '"x"', updated_at: new Date().toISOString() });

  beforeAll(async () => {
    database = await createTestDatabase(kind, { countStatements: true });
    counts = database.statements!;
  });
  afterAll(() => database.drop());

  it('counts a built select and a raw one as selects, with their time', async () => {
    const grown = await growth(counts, async () => {
      await database.db.selectFrom('settings').selectAll().execute();
      await sql`select 1 as one`.execute(database.db);
    });
    expect(grown.kinds).toEqual({ select: 2 });
    expect(grown.errors).toBe(0);
    expect(grown.seconds).toBeGreaterThan(0);
  });

  it("counts a transaction's begin and commit beside its statements", async () => {
    const grown = await growth(counts, () =>
      database.db.transaction().execute(async (trx) => {
        await trx.insertInto('settings').values(setting('counted.a')).execute();
        await trx
          .updateTable('settings')
          .set({ value: '"y"' })
          .where('key', '=', 'counted.a')
          .execute();
        await trx.deleteFrom('settings').where('key', '=', 'counted.a').execute();
      }),
    );
    expect(grown.kinds).toEqual({ begin: 1, insert: 1, update: 1, delete: 1, commit: 1 });
    expect(grown.errors).toBe(0);
  });

  it('counts a refused statement among the errors too, and the rollback it leads to', async () => {
    await database.db.insertInto('settings').values(setting('counted.b')).execute();
    const grown = await growth(counts, async () => {
      const refused = database.db.transaction().execute(async (trx) => {
        await trx.insertInto('settings').values(setting('counted.b')).execute();
      });
      await expect(refused).rejects.toThrow();
    });
    expect(grown.kinds).toEqual({ begin: 1, insert: 1, rollback: 1 });
    expect(grown.errors).toBe(1);
  });

  it('counts a statement it cannot name by its first word as other', async () => {
    const grown = await growth(counts, () =>
      sql`with n as (select 1 as one) select one from n`.execute(database.db),
    );
    expect(grown.kinds).toEqual({ other: 1 });
  });

  it('counts nothing on a database opened without countStatements', async () => {
    const plain = await createTestDatabase(kind);
    try {
      expect(plain.statements).toBeUndefined();
    } finally {
      await plain.drop();
    }
  });
});
