// Shared helpers for the benchmarks: start the built server on a temp database, wait for it, stop it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export { CHROMIUM_ARGS, chromiumPath } from '../tests/chromium.mjs';

/**
 * Opens a SQLite file with the server's driver for this Node (apps/server/src/db/sqlite-driver.ts:
 * better-sqlite3 13 from Node 22, 12 on Node 20), in plain JavaScript for the bench scripts.
 */
export function openSqlite(file) {
  const major = Number(process.versions.node.split('.')[0]);
  const require = createRequire(import.meta.url);
  const Database = require(major >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3');
  return new Database(file);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function waitFor(url, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for ${url}`);
}

/**
 * CPU pinning for load tests on one machine: the servers on the last CPU, the load generator (this
 * process) on CPU 0, so client and server do not take turns on the same core. Linux with taskset and
 * two or more CPUs; elsewhere (or BENCH_PIN=0) nothing is pinned and `pinning` is null.
 */
export const pinning = (() => {
  const cpus = os.availableParallelism();
  if (process.env.BENCH_PIN === '0' || process.platform !== 'linux' || cpus < 2) return null;
  if (spawnSync('taskset', ['-V']).status !== 0) return null;
  return { client: '0', server: String(cpus - 1) };
})();

/** Pins this process (the load generator) to the client CPU, when pinning is on. */
export function pinClient() {
  if (pinning) spawnSync('taskset', ['-a', '-pc', pinning.client, String(process.pid)]);
}

/** Lets this process run on every CPU again (a bench after a pinned one: the load bench). */
export function unpinClient() {
  if (pinning) {
    const all = `0-${os.availableParallelism() - 1}`;
    spawnSync('taskset', ['-a', '-pc', all, String(process.pid)]);
  }
}

/** The command to start `node <args>` on the server CPU when pinning is on (and `pin` not false). */
export function serverCommand(args, pin = true) {
  // BENCH_CPU_PROF=<dir>: each shop writes a V8 CPU profile there when it exits (open it in Chrome's
  // DevTools, Performance panel), to see where a bench's server time goes.
  if (process.env.BENCH_CPU_PROF)
    args = ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`, ...args];
  return pinning && pin
    ? { command: 'taskset', args: ['-c', pinning.server, process.execPath, ...args] }
    : { command: process.execPath, args };
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;

/** CPU seconds (user + system) a process has used so far, on Linux; null elsewhere. */
export function cpuSeconds(pid) {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return null;
  // Fields after the command name (which may hold spaces) start at field 3; utime and stime are 14, 15.
  const fields = readFileSync(file, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / CLOCK_TICKS;
}

/**
 * Waits until process `pid` is idle (under 5% of a core over half a second, at most `timeoutMs`): a
 * shop that is ready still prerenders its pages in the background (about 1.7 s of one core for the
 * catalogue's 39 pages), and a measurement taken meanwhile counts that work against the first
 * requests (the checkout bench read 40% fewer orders a second than after it).
 */
export async function untilQuiet(pid, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  let last = cpuSeconds(pid);
  if (last === null) return;
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuSeconds(pid);
    if (now === null || now - last < 0.025) return;
    last = now;
  }
}

/**
 * Starts apps/server/dist/main.mjs on a fresh SQLite file (or DATABASE_URL, PORT from env), on the
 * server CPU when pinning is on, unless `pin` is false.
 */
export async function startShop(env = {}, { pin = true } = {}) {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
  const { command, args } = serverCommand([path.join(root, 'apps/server/dist/main.mjs')], pin);
  const child = spawn(command, args, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(dir, 'shop.db')}`,
      RATE_LIMIT_MAX: '100000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/readyz`);
  await untilQuiet(child.pid);
  return {
    url,
    dir,
    pid: child.pid,
    stop: async () => {
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function writeResult(name, data) {
  const dir = path.join(root, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(data, null, 2) + '\n');
  return file;
}

/**
 * Runs `work(url)` on a database of its own (`name`) made on the PostgreSQL server `adminUrl`, and
 * drops it after, whatever happens.
 */
export async function withScratchPostgres(adminUrl, name, work) {
  const { default: pg } = await import('pg');
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}

/**
 * One of the server's Vitest files run at bench size (`env` sets its size), its output shown as it
 * runs: whether it passed, on which databases (PostgreSQL too when TEST_DATABASE_URL is set), and
 * how long it took.
 */
export function runServerTestFile(file, env) {
  const started = Date.now();
  const run = spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--project', 'server', file],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
  );
  return {
    databases: process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'],
    passed: run.status === 0,
    seconds: Math.round((Date.now() - started) / 1000),
  };
}
