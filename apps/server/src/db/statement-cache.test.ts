/**
 * The SQLite statement cache (statement-cache.ts): a SQL text is compiled once and run many times with
 * its own parameters each time; a streamed select still running gets no shared statement; a migration
 * does not leave a kept statement reading the old schema; the least recently used text leaves first.
 */
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteFile, type SqliteDatabase } from './sqlite-driver.ts';
import { withStatementCache } from './statement-cache.ts';

interface Tables {
  shirt: { id: Generated<number>; design: string };
}

describe('the SQLite statement cache', () => {
  let sqlite: SqliteDatabase;
  let compiled: string[];
  const open = (max?: number) => {
    const counting = {
      prepare: (text: string) => {
        compiled.push(text);
        return sqlite.prepare(text);
      },
      close: () => sqlite.close(),
    } as unknown as SqliteDatabase;
    return new Kysely<Tables>({
      dialect: new SqliteDialect({ database: withStatementCache(counting, max) }),
    });
  };

  beforeEach(() => {
    compiled = [];
    sqlite = openSqliteFile(':memory:');
    sqlite.exec('create table shirt (id integer primary key, design text not null)');
  });
  afterEach(() => {
    if (sqlite.open) sqlite.close();
  });

  it('compiles a query once and binds each run its own values', async () => {
    const db = open();
    for (const design of ['alaska', 'key-west', 'twin-vistas']) {
      await db.insertInto('shirt').values({ design }).execute();
    }
    const byId = (id: number) =>
      db.selectFrom('shirt').select('design').where('id', '=', id).executeTakeFirstOrThrow();
    expect((await byId(2)).design).toBe('key-west');
    expect((await byId(3)).design).toBe('twin-vistas');
    expect((await byId(1)).design).toBe('alaska');
    expect(compiled).toHaveLength(2); // the insert's text and the select's
  });

  it('gives no shared statement while a select of the same text is still being read', () => {
    sqlite.exec("insert into shirt (design) values ('alaska'), ('key-west')");
    const cache = withStatementCache(sqlite);
    const text = 'select design from shirt order by id';
    const first = cache.prepare(text);
    const rows = first.iterate([]);
    expect(rows.next().value).toEqual({ design: 'alaska' });
    const second = cache.prepare(text);
    expect(second).not.toBe(first);
    rows.return?.();
    expect(cache.prepare(text)).toBe(first);
  });

  it('reads the schema as it is after a migration', async () => {
    const db = open();
    await db.insertInto('shirt').values({ design: 'alaska' }).execute();
    const all = sql<Record<string, unknown>>`select * from shirt`;
    expect((await all.execute(db)).rows).toEqual([{ id: 1, design: 'alaska' }]);
    await sql`alter table shirt add column position text not null default 'Front'`.execute(db);
    expect((await all.execute(db)).rows).toEqual([{ id: 1, design: 'alaska', position: 'Front' }]);
  });

  it('keeps at most max texts, the least recently used leaving first', async () => {
    const db = open(2);
    const one = sql`select 1 as n`;
    const two = sql`select 2 as n`;
    const three = sql`select 3 as n`;
    await one.execute(db);
    await two.execute(db);
    await one.execute(db); // kept: two is now the least recently used
    await three.execute(db); // two leaves
    await one.execute(db);
    await two.execute(db);
    expect(compiled).toEqual(['select 1 as n', 'select 2 as n', 'select 3 as n', 'select 2 as n']);
  });

  it('closes the database with the cache', async () => {
    const db = open();
    await sql`select 1`.execute(db);
    await db.destroy();
    expect(sqlite.open).toBe(false);
  });
});
