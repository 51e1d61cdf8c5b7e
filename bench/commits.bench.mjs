// Durable commits on SQLite (docs/decisions/059): the shop's group commit (the connection at
// `synchronous = NORMAL`, the log synced on the thread pool once for the writers that arrived
// together) beside SQLite's own `synchronous = FULL` (an fsync inside every commit, on the event loop),
// side by side. A benchmark, not a test.
//
// Method: W writers at once (W = 1, 4, 16), each committing one-row inserts in a loop for
// BENCH_COMMITS_SECONDS; commits a second, this process's CPU per commit (user + system, the syncs'
// threads included) and the event loop's busy time per commit (what a commit takes from every other
// request of the process: SQLite's own fsync holds the loop, the group commit's runs beside it). The two sides alternate per W, on fresh files in the same directory.
// Run alone with `node bench/commits.bench.mjs`; `npm run bench` calls runCommitsBench().
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { writeResult } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_COMMITS_SECONDS ?? 3);
const WRITERS = (process.env.BENCH_COMMITS_WRITERS ?? '1,4,16').split(',').map(Number);

register();
const { openDatabase } = await import('../apps/server/src/db/database.ts');
const { sql } = await import('kysely');

/** Commits a second and CPU µs per commit of `writers` writers on a fresh file. */
async function run(side, writers, dir) {
  const file = path.join(dir, `${side}-${writers}.db`);
  // SQLite's own FULL: the connection opened at NORMAL (no group commit), then set to FULL.
  const handle = await openDatabase(`sqlite:${file}`, {
    sqliteSynchronous: side === 'group' ? 'FULL' : 'NORMAL',
  });
  const db = handle.db;
  if (side === 'sqlite-full') await sql`pragma synchronous = FULL`.execute(db);
  await sql`create table t (id integer primary key autoincrement, v text not null)`.execute(db);
  let commits = 0;
  const end = performance.now() + SECONDS * 1000;
  const cpu = process.cpuUsage();
  const loop = performance.eventLoopUtilization();
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (performance.now() < end) {
        await sql`insert into t (v) values (${'x'.repeat(100)})`.execute(db);
        commits++;
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  const busy = performance.eventLoopUtilization(loop).active; // ms the event loop was not idle
  const syncs = handle.commits?.syncs ?? commits;
  await handle.close();
  return {
    side,
    writers,
    perSecond: Math.round(commits / SECONDS),
    cpuMicrosPerCommit: Math.round((used.user + used.system) / commits),
    loopMicrosPerCommit: Math.round((busy * 1000) / commits),
    commitsPerSync: Number((commits / syncs).toFixed(2)),
  };
}

export async function runCommitsBench() {
  const dir = mkdtempSync(path.join(tmpdir(), 'sunward-commits-'));
  const results = [];
  try {
    console.log(`\n> commits: SQLite, ${SECONDS} s per side`);
    for (const writers of WRITERS) {
      for (const side of ['sqlite-full', 'group']) results.push(await run(side, writers, dir));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    'writers   SQLite FULL: commits/s  CPU µs  loop µs   group commit: commits/s  CPU µs  loop µs  per sync   ratio',
  );
  for (const writers of WRITERS) {
    const full = results.find((r) => r.side === 'sqlite-full' && r.writers === writers);
    const group = results.find((r) => r.side === 'group' && r.writers === writers);
    console.log(
      `${String(writers).padStart(7)}   ${String(full.perSecond).padStart(21)}  ${String(full.cpuMicrosPerCommit).padStart(6)}  ${String(full.loopMicrosPerCommit).padStart(7)}   ${String(group.perSecond).padStart(23)}  ${String(group.cpuMicrosPerCommit).padStart(6)}  ${String(group.loopMicrosPerCommit).padStart(7)}  ${String(group.commitsPerSync).padStart(8)}   ${(group.perSecond / full.perSecond).toFixed(2)}x`,
    );
  }
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = await runCommitsBench();
  console.log(
    `\nwrote ${path.relative(process.cwd(), writeResult('commits', { date: new Date().toISOString(), results }))}`,
  );
}
