import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../../..');

/** A built shop (`apps/server/dist/main.mjs`) the journeys run against, with a database of its own. */
export interface ShopServer {
  /** `http://127.0.0.1:<port>`: the browser's origin and the shop's SITE_URL. */
  origin: string;
  /** `sqlite:<file>` or `postgres://…`: what the server was given, for checks behind the page. */
  databaseUrl: string;
  /** SIGTERM, the exit awaited, then its database removed. */
  stop: () => Promise<void>;
}

export interface ShopOptions {
  /** Names its temp directory and PostgreSQL database (e.g. `w0` for worker 0, `issuer`). */
  name: string;
  /** A PostgreSQL server (any database on it) to create the shop's own database on; else SQLite. */
  postgresUrl?: string;
  /** A port chosen beforehand (`freePorts()`), when another server must know this origin first. */
  port?: number;
  /** Settings beside the journeys' own (the issuer's OIDC_* for instance). */
  env?: Record<string, string>;
}

/** `count` different ports nobody listens on now, from the system. */
export async function freePorts(count: number): Promise<number[]> {
  // All held open at once, so the system cannot hand out one port twice.
  const servers = Array.from({ length: count }, () => createServer());
  const ports = await Promise.all(
    servers.map(
      (server) =>
        new Promise<number>((resolve, reject) => {
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
        }),
    ),
  );
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** A database of its own on the server of `postgresUrl` (CREATE DATABASE); its URL and its drop. */
async function createPostgresDatabase(
  postgresUrl: string,
  name: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const database = `shop_e2e_${name}_${randomBytes(4).toString('hex')}`.toLowerCase();
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${database}"`);
  const url = new URL(postgresUrl);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`),
  };
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/**
 * Asks `/readyz` until it answers 200 (the server listens and its database answers); fails as soon as
 * the process has exited, or after `timeoutMs`.
 */
async function untilReady(origin: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  let state = 'starting' as 'starting' | 'ready' | 'exited';
  const probe = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return (state = 'exited');
    try {
      const answer = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(5_000) });
      return (state = answer.ok ? 'ready' : 'starting');
    } catch {
      return (state = 'starting'); // not listening yet
    }
  };
  await expect
    .poll(probe, {
      message: `${origin}/readyz answers`,
      timeout: timeoutMs,
      intervals: [50, 100, 250, 500],
    })
    .not.toBe('starting');
  if (state === 'exited') throw new Error(`the shop for ${origin} exited with ${child.exitCode}`);
}

/**
 * Starts the built shop as the journeys need it: production mode on 127.0.0.1 at `port` (a free one
 * when not given), SITE_URL its own origin, its own empty database (a SQLite file in a temp directory,
 * or a PostgreSQL database created for it), the rate limit out of the way, no catalogue cache (a
 * journey's change to the inventory shows at once), warnings only. Resolves once /readyz answers.
 */
export async function startShop(options: ShopOptions): Promise<ShopServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `shop-e2e-${options.name}-`));
  const postgres = options.postgresUrl
    ? await createPostgresDatabase(options.postgresUrl, options.name)
    : undefined;
  const databaseUrl = postgres?.url ?? `sqlite:${path.join(dataDir, 'shop.db')}`;
  const removeData = async () => {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };

  // A port freed by the system may be taken again before the shop binds it: then it exits, and a
  // port it chose itself is chosen anew (a port given by the caller is not).
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePorts(1))[0]!;
    const origin = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.mjs')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        // The origin the browser uses, so payment return and challenge URLs stay on it.
        SITE_URL: origin,
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '100000',
        // No catalogue caching, so a test's change to the inventory shows at once.
        CATALOG_CACHE_MS: '0',
        ...options.env,
      },
      // Its log lines (JSON on stdout) stay out of the report, as Playwright's webServer kept them;
      // what it writes on stderr (a start refused, a crash) shows.
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    // A worker that ends without its teardown does not leave the shop running.
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    try {
      await untilReady(origin, child, 120_000);
    } catch (error) {
      process.off('exit', killOnExit);
      child.kill('SIGKILL');
      await exited(child);
      if (options.port === undefined && attempt < 3 && child.exitCode !== null) continue;
      await removeData();
      throw error;
    }
    return {
      origin,
      databaseUrl,
      stop: async () => {
        process.off('exit', killOnExit);
        child.kill('SIGTERM');
        // The shop drains in-flight requests for up to 10 s, then exits on its own.
        await exited(child);
        await removeData();
      },
    };
  }
}

let workerShop: ShopServer | undefined;

/** The shop of this worker process (fixtures.ts starts it before the worker's first test). */
export function currentShop(): ShopServer {
  if (!workerShop) throw new Error('no shop in this worker: import test from support/fixtures.ts');
  return workerShop;
}

export function setCurrentShop(shop: ShopServer | undefined): void {
  workerShop = shop;
}
