/**
 * Test factories for API tests: a fresh real database per test file (SQLite always; PostgreSQL too when
 * TEST_DATABASE_URL is set), migrated and seeded, and the app listening on a real port. Each database is
 * a copy of a template that global-setup.ts migrated (and seeded) once per run: a file copy on SQLite,
 * CREATE DATABASE ... TEMPLATE on PostgreSQL. Outside that setup each database is migrated here.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../src/config.ts';
import {
  openDatabase,
  type DatabaseHandle,
  type DatabaseOptions,
  type DialectName,
} from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seed } from '../src/db/seed.ts';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { FAST_JOBS, manualClock } from '../src/lib/jobs/testing/job-test-kit.ts';
import { asPostgresAdmin, postgresUrl, type TestTemplates } from './global-setup.ts';

const pgUrl = process.env.TEST_DATABASE_URL;
if (process.env.REQUIRE_POSTGRES === '1' && !pgUrl) {
  throw new Error(
    'REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set: the PostgreSQL suite would not run.',
  );
}

/** The databases every API test runs against. */
export const DATABASE_KINDS: DialectName[] = pgUrl ? ['sqlite', 'postgres'] : ['sqlite'];

/** This run's templates (global-setup.ts); undefined when the server project's setup did not run. */
const templates: TestTemplates | undefined = inject('shopTestTemplates');

export interface TestDatabase extends DatabaseHandle {
  url: string;
  /** Closes and deletes the database. */
  drop(): Promise<void>;
}

type Variant = keyof TestTemplates['sqlite'];

/**
 * Opens a database of its own: a copy of the run's template of that variant, or else a new one migrated
 * (and seeded) here. `remove` deletes it after the connections are closed.
 */
async function openCopy(
  url: string,
  variant: Variant,
  fromTemplate: boolean,
  remove: () => Promise<void>,
  options: DatabaseOptions,
): Promise<TestDatabase> {
  const handle = await openDatabase(url, options);
  if (!fromTemplate) {
    await migrateToLatest(handle.db);
    if (variant === 'seeded') await seed(handle.db);
  }
  return {
    ...handle,
    url,
    drop: async () => {
      await handle.close();
      await remove();
    },
  };
}

async function databaseOf(
  kind: DialectName,
  variant: Variant,
  options: DatabaseOptions = {},
): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-test-'));
    const file = path.join(dir, 'shop.db');
    const template = templates?.sqlite[variant];
    if (template) copyFileSync(template, file);
    return openCopy(
      `sqlite:${file}`,
      variant,
      !!template,
      async () => rmSync(dir, { recursive: true, force: true }),
      options,
    );
  }
  if (!pgUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const template = templates?.postgres?.[variant];
  await asPostgresAdmin(pgUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return openCopy(
    postgresUrl(pgUrl, name),
    variant,
    !!template,
    () => asPostgresAdmin(pgUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    options,
  );
}

/** A migrated database of the test's own, with no data (not seeded). */
export async function createTestDatabase(
  kind: DialectName,
  options: DatabaseOptions = {},
): Promise<TestDatabase> {
  return databaseOf(kind, 'migrated', options);
}

/**
 * An app (not listening) on a fresh migrated database whose job engine runs on a clock the test moves
 * by hand (`advanceQueue`): for the jobs and schedules themselves. `env` adds settings (SMTP_URL).
 */
export async function appOnClock(kind: DialectName, env: NodeJS.ProcessEnv = {}) {
  const database = await createTestDatabase(kind);
  const clock = manualClock();
  const config = {
    ...loadConfig({ NODE_ENV: 'test', ...env }),
    databaseUrl: database.url,
    webDistDir: '/nonexistent',
  };
  const app = await buildApp({
    config,
    database,
    logger: false,
    jobs: { now: clock.now, ...FAST_JOBS },
  });
  await app.ready();
  return { app, database, clock };
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

/** Whether the app will serve metrics: its statements are then counted, as main.ts does. */
const metricsOn = (overrides: Partial<Config>, env: NodeJS.ProcessEnv) =>
  overrides.metricsToken !== undefined || env.METRICS_TOKEN !== undefined;

export async function createTestApp(
  kind: DialectName,
  overrides: Partial<Config> = {},
  env: NodeJS.ProcessEnv = {},
  logger: BuildOptions['logger'] = false,
  /** The job engine's clock and polling (a test that moves time rather than waits). */
  jobs?: BuildOptions['jobs'],
): Promise<TestApp> {
  const database = await databaseOf(kind, 'seeded', {
    countStatements: metricsOn(overrides, env),
  });
  return startApp(database, overrides, env, logger, jobs);
}

/**
 * Starts another app on an existing database, as a second server behind a load balancer would be:
 * with its own connections on PostgreSQL, the first app's on SQLite (below). Its `close()` closes its
 * own connections; the shared database stays.
 */
export async function attachApp(
  shared: TestDatabase,
  overrides: Partial<Config> = {},
  env: NodeJS.ProcessEnv = {},
  jobs?: BuildOptions['jobs'],
): Promise<TestApp> {
  // On SQLite the second app shares the first's connection. Two connections to one file in one
  // process can deadlock: a connection waiting for the write lock waits synchronously (busy_timeout),
  // blocking the whole process, so the other app's open transaction can never reach its commit.
  // Separate processes (what "a second server" is) wait without blocking each other; the crash test
  // runs real ones. What these tests prove (state shared through the database, no memory shared
  // between the apps) holds either way.
  if (shared.dialect === 'sqlite') {
    return startApp({ ...shared, drop: async () => {} }, overrides, env, false, jobs);
  }
  const handle = await openDatabase(shared.url, { countStatements: metricsOn(overrides, env) });
  const database: TestDatabase = { ...handle, url: shared.url, drop: () => handle.close() };
  return startApp(database, overrides, env, false, jobs);
}

/** `TestApp.request` against the server at `baseUrl` (a shop in a process of its own, too). */
export function requester(baseUrl: string): TestApp['request'] {
  return async (method, urlPath, body, headers = {}) => {
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
  };
}

async function startApp(
  database: TestDatabase,
  overrides: Partial<Config>,
  env: NodeJS.ProcessEnv,
  logger: BuildOptions['logger'] = false,
  jobs?: BuildOptions['jobs'],
): Promise<TestApp> {
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', ...env }),
    databaseUrl: database.url,
    webDistDir: '/nonexistent',
    rateLimitMax: 10_000,
    ...overrides,
  };
  const app = await buildApp({ config, database, logger, ...(jobs ? { jobs } : {}) });
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
    request: requester(baseUrl),
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/**
 * Taxes a state at one flat rate (the console's `taxRateOverrides`), in place of its state and local
 * rates: for tests whose figures are worked by hand at the state's rate alone (NC 4.75%), about
 * something else than the tax of a destination (returns, refunds).
 */
export async function flatStateTax(t: TestApp, state: string, ratePpm: number): Promise<void> {
  await t.database.db
    .insertInto('settings')
    .values({
      key: 'taxRateOverrides',
      value: JSON.stringify({ [state]: ratePpm }),
      updated_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
    .execute();
}

/** `path` with the defined values of `query` as its query string. */
export function withQuery(
  path: string,
  query: Record<string, string | number | undefined>,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}
