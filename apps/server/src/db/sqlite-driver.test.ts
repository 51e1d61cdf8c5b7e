import { describe, expect, it } from 'vitest';
import { openSqliteFile, sqliteDriverName } from './sqlite-driver.ts';

describe('the SQLite driver for this Node', () => {
  it('is better-sqlite3 13 (Node-API, prebuilt) from Node 22 and 12 on Node 20', () => {
    expect(sqliteDriverName('20.20.2')).toBe('better-sqlite3');
    expect(sqliteDriverName('22.0.0')).toBe('better-sqlite3-napi');
    expect(sqliteDriverName('24.21.0')).toBe('better-sqlite3-napi');
    expect(sqliteDriverName('26.1.0')).toBe('better-sqlite3-napi');
  });

  it('opens a database that reads and writes with the loaded driver', () => {
    const db = openSqliteFile(':memory:');
    try {
      db.exec('create table t (n integer)');
      const insert = db.prepare('insert into t values (?)');
      for (let n = 1; n <= 100; n++) insert.run(n);
      expect(db.prepare('select count(*) as c, sum(n) as s from t').get()).toEqual({
        c: 100,
        s: 5050,
      });
    } finally {
      db.close();
    }
  });
});
