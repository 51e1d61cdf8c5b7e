/**
 * Prepared statements on PostgreSQL (prepared-statements.ts): a text is named from its third run and
 * then prepared once per connection; no more than `max` texts are named; transaction control is never
 * named, nor a text that may hold several statements; after a migration changes a table a prepared
 * `select *` reads, the statement still answers (outside a transaction) and the text is not prepared
 * again.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asPostgresAdmin, postgresUrl } from '../../test/global-setup.ts';
import { openDatabase, type DatabaseHandle, type Db } from './database.ts';
import { NAMED_FROM, StatementNames } from './prepared-statements.ts';

describe('StatementNames', () => {
  it(`names a text from its run ${NAMED_FROM} on, with the same name every time`, () => {
    const names = new StatementNames(10);
    const text = 'select * from "orders" where "id" = $1';
    const runs = Array.from({ length: NAMED_FROM + 2 }, () => names.nameFor(text));
    expect(runs.slice(0, NAMED_FROM - 1)).toEqual(Array(NAMED_FROM - 1).fill(undefined));
    const name = runs[NAMED_FROM - 1];
    expect(name).toMatch(/^sunward_[\w-]{32}$/);
    expect(runs.slice(NAMED_FROM - 1)).toEqual(Array(3).fill(name));
    expect(names.nameFor('select 2')).toBeUndefined();
    expect(names.named).toBe(1);
  });

  it('names different texts differently, and at most `max` of them', () => {
    const names = new StatementNames(2);
    const nameOf = (text: string) => {
      let name: string | undefined;
      for (let i = 0; i < NAMED_FROM; i++) name = names.nameFor(text);
      return name;
    };
    const a = nameOf('select 1');
    const b = nameOf('select 2');
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    expect(a).not.toBe(b);
    expect(nameOf('select 3')).toBeUndefined();
    expect(names.nameFor('select 1')).toBe(a);
    expect(names.named).toBe(2);
  });

  it('names nothing when max is 0, and never again a text refused', () => {
    const none = new StatementNames(0);
    for (let i = 0; i < NAMED_FROM + 1; i++) expect(none.nameFor('select 1')).toBeUndefined();
    const names = new StatementNames(10);
    for (let i = 0; i < NAMED_FROM; i++) names.nameFor('select 1');
    names.refuse('select 1');
    for (let i = 0; i < NAMED_FROM + 1; i++) expect(names.nameFor('select 1')).toBeUndefined();
    expect(names.named).toBe(0);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.runIf(pgUrl)('prepared statements on PostgreSQL', () => {
  const name = `shop_prepared_${randomBytes(5).toString('hex')}`;
  let url: string;
  let handle: DatabaseHandle;
  // One connection, so the session's prepared statements are the ones every query sees.
  const open = (max: number) => openDatabase(url, { pgPoolMax: 1, pgPreparedStatements: max });
  // Each time another text, so this question is never prepared itself.
  let asked = 0;
  const prepared = async (db: Db) =>
    (
      await sql
        .raw<{ statement: string }>(
          `select statement from pg_prepared_statements order by statement -- ${++asked}`,
        )
        .execute(db)
    ).rows.map((r) => r.statement);
  const runs = (db: Db, text: string, times: number) =>
    Array.from({ length: times }).reduce<Promise<unknown>>(
      (before) => before.then(() => sql.raw(text).execute(db)),
      Promise.resolve(),
    );

  beforeAll(async () => {
    await asPostgresAdmin(pgUrl!, `CREATE DATABASE ${name}`);
    url = postgresUrl(pgUrl!, name);
    handle = await open(2);
    await sql`create table t (id integer primary key, a text not null)`.execute(handle.db);
    await sql`insert into t values (1, 'one'), (2, 'two')`.execute(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    await asPostgresAdmin(pgUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it(`prepares a text on its run ${NAMED_FROM}, once, and answers as before`, async () => {
    const db = handle.db;
    const byId = (id: number, on: Db = db) =>
      sql<{ id: number; a: string }>`select id, a from t where id = ${id}`.execute(on);
    expect(await prepared(db)).toEqual([]);
    for (let i = 0; i < NAMED_FROM - 1; i++)
      expect((await byId(1)).rows).toEqual([{ id: 1, a: 'one' }]);
    expect(await prepared(db)).toEqual([]);
    expect((await byId(2)).rows).toEqual([{ id: 2, a: 'two' }]);
    expect((await byId(1)).rows).toEqual([{ id: 1, a: 'one' }]);
    expect(await prepared(db)).toEqual(['select id, a from t where id = $1']);
    // Transaction control is sent as it is, however often.
    for (let i = 0; i < NAMED_FROM + 1; i++) {
      await handle.db.transaction().execute((trx) => byId(2, trx));
    }
    expect(await prepared(db)).toEqual(['select id, a from t where id = $1']);
  });

  it('prepares no more texts than its bound', async () => {
    const db = handle.db;
    await runs(db, 'select count(*) from t', NAMED_FROM);
    await runs(db, 'select max(id) from t', NAMED_FROM);
    expect(await prepared(db)).toEqual([
      'select count(*) from t',
      'select id, a from t where id = $1',
    ]);
  });

  it('sends a text that may hold several statements as it is, however often', async () => {
    const own = await open(5);
    try {
      const db = own.db;
      for (let i = 0; i < NAMED_FROM + 1; i++) {
        await sql
          .raw(`update t set a = a where id = 1; update t set a = a where id = 2`)
          .execute(db);
      }
      await runs(db, 'update t set a = a where id = 1', NAMED_FROM);
      expect(await prepared(db)).toEqual(['update t set a = a where id = 1']);
    } finally {
      await own.close();
    }
  });

  it('answers a prepared select * after a migration added a column, and prepares it no more', async () => {
    const other = await open(0);
    try {
      const db = other.db;
      const all = () => sql<Record<string, unknown>>`select * from t order by id`.execute(db);
      // Named on run NAMED_FROM, with its two columns.
      for (let i = 0; i < NAMED_FROM; i++) await all();
      expect(await prepared(db)).toEqual([]);
      const named = await open(5);
      try {
        const ndb = named.db;
        const star = () => sql<Record<string, unknown>>`select * from t order by id`.execute(ndb);
        for (let i = 0; i < NAMED_FROM; i++) await star();
        expect(await prepared(ndb)).toEqual(['select * from t order by id']);
        // Another process migrates.
        await sql`alter table t add column b text`.execute(db);
        expect((await star()).rows).toEqual([
          { id: 1, a: 'one', b: null },
          { id: 2, a: 'two', b: null },
        ]);
        // Inside a transaction a refused statement fails it; a text refused once is sent unnamed.
        const inside = (on: Db) =>
          sql<Record<string, unknown>>`select * from t where id > ${0} order by id`.execute(on);
        for (let i = 0; i < NAMED_FROM; i++) await inside(ndb);
        await sql`alter table t add column c text`.execute(db);
        await expect(named.db.transaction().execute((trx) => inside(trx))).rejects.toThrow(
          /cached plan must not change result type/,
        );
        const row = (await named.db.transaction().execute((trx) => inside(trx))).rows[0];
        expect(row).toEqual({ id: 1, a: 'one', b: null, c: null });
      } finally {
        await named.close();
      }
    } finally {
      await other.close();
    }
  });
});
