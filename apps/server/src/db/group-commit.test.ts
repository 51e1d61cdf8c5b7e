/**
 * Group commit (group-commit.ts): a writer's promise settles only after a sync of the log that started
 * after its commit; the connection serves others meanwhile; commits that arrive together share one
 * sync; reads, rolled-back and unchanged writes, and losable writes do not wait.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { GroupCommit, GroupCommitSqliteDialect, losableView } from './group-commit.ts';
import { openSqliteFile } from './sqlite-driver.ts';
import { withStatementCache } from './statement-cache.ts';

/** A sync the test finishes by hand, one at a time, in the order they started. */
function manualSync() {
  const started: { finish: () => void; fail: (error: Error) => void }[] = [];
  return {
    started,
    sync: () =>
      new Promise<void>((resolve, reject) => {
        started.push({ finish: resolve, fail: reject });
      }),
  };
}

/** Whether `promise` has settled, after the microtasks and I/O callbacks already queued have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('GroupCommit', () => {
  it('makes a writer that arrives during a sync wait for the next one, shared with the others', async () => {
    const { started, sync } = manualSync();
    const commits = new GroupCommit(sync);
    const first = commits.flush();
    const second = commits.flush();
    const third = commits.flush();
    expect(started).toHaveLength(1);
    started[0]!.finish();
    expect(await settled(first)).toBe(true);
    // The first sync may have started before the second and third commits: they wait for another.
    expect(await settled(second)).toBe(false);
    expect(started).toHaveLength(2);
    started[1]!.finish();
    expect(await settled(second)).toBe(true);
    expect(await settled(third)).toBe(true);
    expect({ requests: commits.requests, syncs: commits.syncs }).toEqual({ requests: 3, syncs: 2 });
  });

  it('fails the writers of a failed sync, and the next writer gets a sync of its own', async () => {
    const { started, sync } = manualSync();
    const commits = new GroupCommit(sync);
    const failed = commits.flush();
    const waiting = commits.flush();
    started[0]!.fail(new Error('EIO'));
    await expect(failed).rejects.toThrow('EIO');
    expect(await settled(waiting)).toBe(false);
    started[1]!.finish();
    await expect(waiting).resolves.toBeUndefined();
    const later = commits.flush();
    expect(started).toHaveLength(3);
    started[2]!.finish();
    await expect(later).resolves.toBeUndefined();
  });
});

interface T {
  t: { id: number; n: number };
}

describe('the SQLite driver with group commit', () => {
  let dir: string;
  let db: Kysely<T>;
  let started: ReturnType<typeof manualSync>['started'];
  let commits: GroupCommit;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'group-commit-'));
    const sqlite = openSqliteFile(path.join(dir, 'test.db'));
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    const manual = manualSync();
    started = manual.started;
    commits = new GroupCommit(manual.sync);
    db = new Kysely<T>({
      dialect: new GroupCommitSqliteDialect(
        { database: withStatementCache(sqlite) },
        { inTransaction: () => sqlite.inTransaction, commits, close: async () => undefined },
      ),
    });
    // The table's creation is a change too: its writer waits for a sync.
    const created = sql`create table t (id integer primary key, n integer not null)`.execute(db);
    expect(await settled(created)).toBe(false);
    started.shift()!.finish();
    await created;
  });
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const count = async () =>
    Number(
      (
        await db
          .selectFrom('t')
          .select(sql<number>`count(*)`.as('c'))
          .executeTakeFirstOrThrow()
      ).c,
    );

  it('answers the writer after the sync, and serves other queries while it runs', async () => {
    const write = db.insertInto('t').values({ id: 1, n: 1 }).execute();
    expect(await settled(write)).toBe(false);
    expect(started).toHaveLength(1);
    // The connection is free: a read and another write go through; the other write waits as well.
    expect(await count()).toBe(1);
    const other = db.insertInto('t').values({ id: 2, n: 2 }).execute();
    expect(await settled(other)).toBe(false);
    started[0]!.finish();
    expect(await settled(write)).toBe(true);
    expect(await settled(other)).toBe(false); // its commit came after the first sync had started
    started[1]!.finish();
    expect(await settled(other)).toBe(true);
    expect(started).toHaveLength(2); // one sync each, none more
  });

  it('waits once for a transaction, at its commit; a rolled-back one and reads do not wait', async () => {
    const before = commits.requests;
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ id: 3, n: 3 }).execute();
      await trx.updateTable('t').set({ n: 4 }).where('id', '=', 3).execute();
      expect(commits.requests).toBe(before);
    });
    expect(await settled(transaction)).toBe(false);
    expect(commits.requests).toBe(before + 1);
    started.shift()!.finish();
    await transaction;

    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ id: 5, n: 5 }).execute();
        throw new Error('changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom('t').selectAll().execute();
    });
    expect(await count()).toBe(1);
    expect(commits.requests).toBe(before + 1);
    expect(started).toHaveLength(0);
  });

  it('does not wait for a write that changed nothing, nor for a losable one', async () => {
    const write = db.insertInto('t').values({ id: 6, n: 6 }).execute();
    expect(await settled(write)).toBe(false);
    started.shift()!.finish();
    await write;
    const before = commits.requests;
    await db.updateTable('t').set({ n: 7 }).where('id', '=', 999).execute();
    await db
      .insertInto('t')
      .values({ id: 6, n: 0 })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await db.deleteFrom('t').where('id', '=', 999).returningAll().execute();
    await losableView(db).updateTable('t').set({ n: 8 }).where('id', '=', 6).execute();
    expect(commits.requests).toBe(before);
    expect(started).toHaveLength(0);
    expect(await db.selectFrom('t').select('n').where('id', '=', 6).executeTakeFirst()).toEqual({
      n: 8,
    });
  });
});

describe('openDatabase on a SQLite file', () => {
  it('at FULL runs the connection at NORMAL and syncs the log for each writer', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'group-commit-'));
    try {
      const handle = await openDatabase(`sqlite:${path.join(dir, 'shop.db')}`);
      const level = await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db);
      expect(level.rows[0]!.synchronous).toBe(1);
      await sql`create table t (id integer primary key)`.execute(handle.db);
      await sql`insert into t values (1)`.execute(handle.db);
      expect(handle.commits!.syncs).toBeGreaterThanOrEqual(2);
      await handle.close();

      const normal = await openDatabase(`sqlite:${path.join(dir, 'shop.db')}`, {
        sqliteSynchronous: 'NORMAL',
      });
      expect(normal.commits).toBeUndefined();
      await normal.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
