import pg from 'pg';
import { openSqliteFile } from '../../../apps/server/src/db/sqlite-driver.ts';

/**
 * The e2e server's database, for the few things a journey checks behind the page (the outbox, the
 * sandbox's charges) or sets up (a size out of stock): SQLite (E2E_DATABASE_FILE, the default run) or
 * PostgreSQL when the run is pointed at one (E2E_DATABASE_URL, see playwright.config.ts). `sql` uses `?`
 * placeholders; `file` names another server's SQLite database (a second instance a spec starts).
 */
export async function query<T>(sql: string, params: unknown[] = [], file?: string): Promise<T[]> {
  const url = file ? undefined : process.env.E2E_DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      let n = 0;
      const text = sql.replace(/\?/g, () => `$${++n}`);
      return (await client.query(text, params)).rows as T[];
    } finally {
      await client.end();
    }
  }
  const path = file ?? process.env.E2E_DATABASE_FILE;
  if (!path) throw new Error('E2E_DATABASE_FILE is not set (see playwright.config.ts)');
  const db = openSqliteFile(path);
  try {
    const statement = db.prepare(sql);
    return statement.reader ? (statement.all(...params) as T[]) : (statement.run(...params), []);
  } finally {
    db.close();
  }
}
