import pg from 'pg';
import { openSqliteFile } from '../../../apps/server/src/db/sqlite-driver.ts';
import { currentShop } from './shop-server.ts';

/**
 * The e2e server's database, for the few things a journey checks behind the page (the outbox, the
 * sandbox's charges) or sets up (a size out of stock): by default this worker's shop's (SQLite, or
 * PostgreSQL when the run is pointed at one with E2E_DATABASE_URL, see support/fixtures.ts);
 * `databaseUrl` names another server's (a second instance a spec starts). `sql` uses `?` placeholders.
 */
export async function query<T>(
  sql: string,
  params: unknown[] = [],
  databaseUrl = currentShop().databaseUrl,
): Promise<T[]> {
  if (!databaseUrl.startsWith('sqlite:')) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      let n = 0;
      const text = sql.replace(/\?/g, () => `$${++n}`);
      return (await client.query(text, params)).rows as T[];
    } finally {
      await client.end();
    }
  }
  const db = openSqliteFile(databaseUrl.slice('sqlite:'.length));
  try {
    const statement = db.prepare(sql);
    return statement.reader ? (statement.all(...params) as T[]) : (statement.run(...params), []);
  } finally {
    db.close();
  }
}
