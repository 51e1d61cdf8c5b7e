/**
 * Relaxed commits (relaxed-commit.ts) on SQLite: the write commits with `synchronous = NORMAL`, and the
 * connection is back at its own level afterwards, also when the write throws, so the shop's other
 * commits keep waiting for the disk.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/test-app.ts';
import type { Db } from './database.ts';
import { losableWrite, relaxedCommits } from './relaxed-commit.ts';

const level = async (db: Db) =>
  Number((await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows[0]!.synchronous);

describe('relaxed commits on sqlite', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(async () => database?.drop());

  it('writes at NORMAL and leaves the connection at its own level, also after a throw', async () => {
    const db = database.db;
    const own = await level(db);
    expect(own).toBe(2); // FULL, the shop's default (docs/decisions/002)
    const relaxed = relaxedCommits(db);
    expect(await relaxed((connection) => level(connection))).toBe(1); // NORMAL
    expect(await level(db)).toBe(own);
    await expect(
      relaxed(async () => {
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await level(db)).toBe(own);
  });
});

describe.each(DATABASE_KINDS)('losable writes (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.drop());

  const event = (id: string) => ({ id, provider: 'sandbox', type: 'test', received_at: 'now' });
  const stored = async (db: Db, id: string) =>
    (await db.selectFrom('webhook_events').select('id').where('id', '=', id).execute()).length;

  it('commits the write, relaxed on SQLite only, and the connection keeps its own level', async () => {
    const db = database.db;
    const seen = await losableWrite(db, async (executor) => {
      await executor.insertInto('webhook_events').values(event('evt_losable_1')).execute();
      return kind === 'sqlite' ? level(executor) : undefined;
    });
    if (kind === 'sqlite') {
      expect(seen).toBe(1); // NORMAL for this write
      expect(await level(db)).toBe(2); // FULL again for the rest
    }
    expect(await stored(db, 'evt_losable_1')).toBe(1);
  });

  it('inside a transaction is part of it: rolled back with it', async () => {
    const db = database.db;
    await expect(
      db.transaction().execute(async (trx) => {
        await losableWrite(trx, (executor) =>
          executor.insertInto('webhook_events').values(event('evt_losable_2')).execute(),
        );
        expect(await stored(trx, 'evt_losable_2')).toBe(1);
        throw new Error('the transaction failed');
      }),
    ).rejects.toThrow('the transaction failed');
    expect(await stored(db, 'evt_losable_2')).toBe(0);
  });
});
