/**
 * Vitest globalSetup of the server project: the test databases' templates, made once per run. Each
 * database (SQLite always, PostgreSQL when TEST_DATABASE_URL is set) gets two: migrated, and migrated
 * and seeded. test-app.ts copies one per test file (a file copy; CREATE DATABASE ... TEMPLATE), so no
 * file migrates through every migration again. The templates are dropped when the run ends.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seed } from '../src/db/seed.ts';

/** Where this run's templates are, per database (postgres: database names; null without it). */
export interface TestTemplates {
  sqlite: { migrated: string; seeded: string };
  postgres: { migrated: string; seeded: string } | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    shopTestTemplates: TestTemplates;
  }
}

/** Runs one statement as the TEST_DATABASE_URL user, on its own connection. */
export async function asPostgresAdmin(pgUrl: string, statement: string): Promise<void> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** TEST_DATABASE_URL with another database name. */
export function postgresUrl(pgUrl: string, database: string): string {
  const url = new URL(pgUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Migrates (and seeds) the database at `url` and closes every connection to it. */
async function build(url: string, seeded: boolean): Promise<void> {
  const handle = await openDatabase(url);
  try {
    await migrateToLatest(handle.db);
    if (seeded) await seed(handle.db);
  } finally {
    await handle.close();
  }
}

async function sqliteTemplates(dir: string): Promise<TestTemplates['sqlite']> {
  const file = (name: string) => path.join(dir, `${name}.db`);
  for (const [name, seeded] of [
    ['migrated', false],
    ['seeded', true],
  ] as const) {
    await build(`sqlite:${file(name)}`, seeded);
    // Closing the last connection checkpoints the WAL into the file and deletes it: the copy is one file.
    if (existsSync(`${file(name)}-wal`)) throw new Error(`${file(name)}-wal was left behind`);
  }
  return { migrated: file('migrated'), seeded: file('seeded') };
}

async function postgresTemplates(pgUrl: string, run: string): Promise<TestTemplates['postgres']> {
  const names = {
    migrated: `shop_template_${run}_migrated`,
    seeded: `shop_template_${run}_seeded`,
  };
  for (const [variant, name] of Object.entries(names)) {
    await asPostgresAdmin(pgUrl, `CREATE DATABASE ${name}`);
    await build(postgresUrl(pgUrl, name), variant === 'seeded');
    // Nobody connects to a template again: CREATE DATABASE ... TEMPLATE needs it to have no sessions.
    await asPostgresAdmin(
      pgUrl,
      `ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`,
    );
  }
  return names;
}

async function dropPostgres(pgUrl: string, names: string[]): Promise<void> {
  for (const name of names) {
    await asPostgresAdmin(pgUrl, `ALTER DATABASE ${name} WITH IS_TEMPLATE false`).catch(() => {});
    await asPostgresAdmin(pgUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

/** Makes this run's templates; `drop` deletes them. */
async function makeTemplates(): Promise<{ templates: TestTemplates; drop: () => Promise<void> }> {
  const run = randomBytes(4).toString('hex');
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-test-templates-'));
  const pgUrl = process.env.TEST_DATABASE_URL;
  const made: string[] = [];
  const drop = async () => {
    rmSync(dir, { recursive: true, force: true });
    if (pgUrl) await dropPostgres(pgUrl, made);
  };
  try {
    const sqlite = await sqliteTemplates(dir);
    let postgres: TestTemplates['postgres'] = null;
    if (pgUrl) {
      made.push(`shop_template_${run}_migrated`, `shop_template_${run}_seeded`);
      postgres = await postgresTemplates(pgUrl, run);
    }
    return { templates: { sqlite, postgres }, drop };
  } catch (error) {
    await drop();
    throw error;
  }
}

/**
 * The server projects (vitest.config.ts) share one set of templates: the first to start makes them, the
 * last to finish drops them. Each project loads this file on its own, hence the global.
 */
const shared = globalThis as typeof globalThis & {
  shopTestTemplates?: { users: number; made: ReturnType<typeof makeTemplates> };
};

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const entry = (shared.shopTestTemplates ??= { users: 0, made: makeTemplates() });
  entry.users += 1;
  const release = async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    delete shared.shopTestTemplates;
    await (await entry.made.catch(() => null))?.drop();
  };
  try {
    project.provide('shopTestTemplates', (await entry.made).templates);
  } catch (error) {
    await release();
    throw error;
  }
  return release;
}
