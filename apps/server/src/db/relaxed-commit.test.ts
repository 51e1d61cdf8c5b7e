/**
 * Losable writes (relaxed-commit.ts): committed and readable at once; on SQLite their writer does not
 * wait for the log's sync (group-commit.ts); inside a transaction they are part of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/test-app.ts';
import type { Db } from './database.ts';
import { losableWrite } from './relaxed-commit.ts';

describe.each(DATABASE_KINDS)('losable writes (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.drop());

  const event = (id: string) => ({ id, provider: 'sandbox', type: 'test', received_at: 'now' });
  const stored = async (db: Db, id: string) =>
    (await db.selectFrom('webhook_events').select('id').where('id', '=', id).execute()).length;

  it('commits the write without waiting for the sync on SQLite; the next write waits', async () => {
    const db = database.db;
    const waited = () => database.commits?.requests ?? 0;
    const before = waited();
    await losableWrite(db, (executor) =>
      executor.insertInto('webhook_events').values(event('evt_losable_1')).execute(),
    );
    expect(waited()).toBe(before);
    expect(await stored(db, 'evt_losable_1')).toBe(1);
    await db.insertInto('webhook_events').values(event('evt_durable_1')).execute();
    expect(waited()).toBe(kind === 'sqlite' ? before + 1 : 0);
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
