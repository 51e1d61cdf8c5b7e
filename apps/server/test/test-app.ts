/**
 * Test factories for API tests: a fresh real database per test file (SQLite always; PostgreSQL too when
 * TEST_DATABASE_URL is set), migrated and seeded, and the app listening on a real port.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type DatabaseHandle, type DialectName } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seed } from '../src/db/seed.ts';
import { buildApp, type BuildOptions } from '../src/app.ts';

const pgUrl = process.env.TEST_DATABASE_URL;
if (process.env.REQUIRE_POSTGRES === '1' && !pgUrl) {
  throw new Error(
    'REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set: the PostgreSQL suite would not run.',
  );
}

/** The databases every API test runs against. */
export const DATABASE_KINDS: DialectName[] = pgUrl ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase extends DatabaseHandle {
  url: string;
  /** Closes and deletes the database. */
  drop(): Promise<void>;
}

/** Opens and migrates a database; `remove` deletes it after the connections are closed. */
async function openMigrated(url: string, remove: () => Promise<void>): Promise<TestDatabase> {
  const handle = await openDatabase(url);
  await migrateToLatest(handle.db);
  return {
    ...handle,
    url,
    drop: async () => {
      await handle.close();
      await remove();
    },
  };
}

async function asPostgresAdmin(sql: string): Promise<void> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

export async function createTestDatabase(kind: DialectName): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-test-'));
    return openMigrated(`sqlite:${path.join(dir, 'shop.db')}`, async () =>
      rmSync(dir, { recursive: true, force: true }),
    );
  }
  if (!pgUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  await asPostgresAdmin(`CREATE DATABASE ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return openMigrated(url.toString(), () =>
    asPostgresAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  );
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** fetch against the running server; JSON bodies are encoded for you. */
  request(
    method: string,
    urlPath: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; headers: Headers; body: unknown; text: string }>;
  close(): Promise<void>;
}

export async function createTestApp(
  kind: DialectName,
  overrides: Partial<Config> = {},
  env: NodeJS.ProcessEnv = {},
  logger: BuildOptions['logger'] = false,
): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  await seed(database.db);
  return startApp(database, overrides, env, logger);
}

/**
 * Starts another app on an existing database with its own connections, as a second server behind a
 * load balancer would be. Its `close()` closes its own connections; the shared database stays.
 */
export async function attachApp(
  shared: TestDatabase,
  overrides: Partial<Config> = {},
  env: NodeJS.ProcessEnv = {},
): Promise<TestApp> {
  const handle = await openDatabase(shared.url);
  const database: TestDatabase = { ...handle, url: shared.url, drop: () => handle.close() };
  return startApp(database, overrides, env);
}

async function startApp(
  database: TestDatabase,
  overrides: Partial<Config>,
  env: NodeJS.ProcessEnv,
  logger: BuildOptions['logger'] = false,
): Promise<TestApp> {
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', ...env }),
    databaseUrl: database.url,
    webDistDir: '/nonexistent',
    rateLimitMax: 10_000,
    ...overrides,
  };
  const app = await buildApp({ config, database, logger });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  config.siteUrl = baseUrl;
  return {
    app,
    database,
    config,
    baseUrl,
    async request(method, urlPath, body, headers = {}) {
      const init: RequestInit = { method, headers: { ...headers } };
      if (body !== undefined) {
        init.body = typeof body === 'string' ? body : JSON.stringify(body);
        (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
      }
      const res = await fetch(baseUrl + urlPath, init);
      const text = await res.text();
      let parsed: unknown = undefined;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      return { status: res.status, headers: res.headers, body: parsed, text };
    },
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
