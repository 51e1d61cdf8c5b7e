// The job engine (docs/decisions/029) on each database: how many jobs a second one worker process
// runs, and how long a job takes from its enqueue to the end of its handler. A benchmark, not a test.
//
// Throughput: N jobs are enqueued first (100 per transaction, by a web-role queue that never claims),
// then a worker queue (concurrency C) starts and the clock runs until the last handler has run; the
// handler does one insert, as a real job writes its effect. Latency: with the worker running and idle,
// one job at a time is enqueued in its own transaction; the figure is from before the commit to the
// end of its handler, p50 and p99 of S samples. The engine runs from the TypeScript sources (tsx) in
// this process, on a fresh SQLite file (SQLITE_SYNCHRONOUS as the server's default, FULL) and, with
// BENCH_DATABASE_URL or TEST_DATABASE_URL, on a fresh PostgreSQL database (pg-boss).
// Run alone with `node bench/jobs.bench.mjs`; `npm run bench` calls runJobsBench().
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { withScratchPostgres, writeResult } from './lib.mjs';

const JOBS = Number(process.env.BENCH_JOBS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_JOBS_CONCURRENCY ?? 8);
const SAMPLES = Number(process.env.BENCH_JOBS_SAMPLES ?? 200);
const POLL_MS = 1000;

register();
const { openDatabase } = await import('../apps/server/src/db/database.ts');
const { migrateToLatest } = await import('../apps/server/src/db/migrate.ts');
const { createJobQueue } = await import('../apps/server/src/lib/jobs/create-job-queue.ts');
const { sql } = await import('kysely');

const log = { warn: () => {}, error: (fields, message) => console.error(message, fields) };
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function queueOn(database, url, claim, handler) {
  const queue = await createJobQueue({ database, databaseUrl: url, claim, log, pollMs: POLL_MS });
  queue.work('bench', handler, { concurrency: CONCURRENCY });
  await queue.start();
  return queue;
}

async function benchDatabase(kind, url) {
  const database = await openDatabase(url);
  await migrateToLatest(database.db);
  await sql`create table bench_effects (n integer primary key)`.execute(database.db);
  const effect = (n) => sql`insert into bench_effects (n) values (${n})`.execute(database.db);

  // Throughput: a full queue, drained.
  const web = await queueOn(database, url, false, async () => {});
  for (let from = 0; from < JOBS; from += 100) {
    await database.db.transaction().execute(async (trx) => {
      for (let n = from; n < Math.min(JOBS, from + 100); n++) {
        await web.enqueue(trx, { name: 'bench', data: { n } });
      }
    });
  }
  let done = 0;
  let drained;
  const allDone = new Promise((resolve) => (drained = resolve));
  const started = performance.now();
  const worker = await queueOn(database, url, true, async ({ data }) => {
    await effect(data.n);
    if (++done === JOBS) drained();
  });
  await allDone;
  const seconds = (performance.now() - started) / 1000;
  await worker.stop();
  await web.stop();

  // Latency: one job at a time through an idle worker.
  let finished;
  const latency = await queueOn(database, url, true, async ({ data }) => {
    await effect(data.n);
    finished();
  });
  const samples = [];
  for (let i = 0; i < SAMPLES; i++) {
    const ran = new Promise((resolve) => (finished = resolve));
    const t0 = performance.now();
    await database.db
      .transaction()
      .execute((trx) => latency.enqueue(trx, { name: 'bench', data: { n: JOBS + i } }));
    await ran;
    samples.push(performance.now() - t0);
  }
  await latency.stop();
  await database.close();
  samples.sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 100) / 100;
  return {
    kind,
    engine: latency.engine,
    jobs: JOBS,
    concurrency: CONCURRENCY,
    jobsPerSecond: Math.round(JOBS / seconds),
    latencyMs: { p50: round(percentile(samples, 0.5)), p99: round(percentile(samples, 0.99)) },
  };
}

export async function runJobsBench() {
  const results = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-bench-jobs-'));
  try {
    console.log('\n> jobs: SQLite');
    results.push(await benchDatabase('sqlite', `sqlite:${path.join(dir, 'shop.db')}`));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const admin = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (admin) {
    console.log('> jobs: PostgreSQL (pg-boss)');
    results.push(
      await withScratchPostgres(admin, `sunward_bench_jobs_${process.pid}`, (url) =>
        benchDatabase('postgres', url),
      ),
    );
  }
  console.log(`\nJobs: ${JOBS} jobs, concurrency ${CONCURRENCY}; latency over ${SAMPLES} jobs`);
  console.log('db        engine    jobs/s   enqueue-to-done p50 ms   p99 ms');
  for (const r of results) {
    console.log(
      `${r.kind.padEnd(9)} ${r.engine.padEnd(9)} ${String(r.jobsPerSecond).padStart(6)}   ${String(r.latencyMs.p50).padStart(22)}   ${String(r.latencyMs.p99).padStart(6)}`,
    );
  }
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = await runJobsBench();
  console.log(
    `\nwrote ${path.relative(process.cwd(), writeResult('jobs', { date: new Date().toISOString(), results }))}`,
  );
}
