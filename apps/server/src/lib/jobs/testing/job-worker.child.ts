/**
 * A worker process for the job engine's tests (job-test-kit.ts `startChildWorker`): opens the test's
 * database with its own connections, declares the task's job, starts, tells the parent, and stops on
 * SIGTERM. Modes: `bulk` records each job's effect (its first runs wait until another worker ran one); `schedule` records one run per period; `block`
 * marks the job started and then blocks until the process is killed.
 */
import { sql } from 'kysely';
import { openDatabase } from '../../../db/database.ts';
import type { PeriodData } from '../job-schedules.ts';
import { WakeSignal } from '../wake-signal.ts';
import { recordEffect, testQueue, type ChildWorkerTask } from './job-test-kit.ts';

const task = JSON.parse(process.argv[2]!) as ChildWorkerTask;
const database = await openDatabase(task.url);
// What went wrong shows in the test's output.
const log = {
  warn: (fields: object, message: string) => console.warn(task.worker, message, fields),
  error: (fields: object, message: string) => console.error(task.worker, message, fields),
};
const queue = await testQueue({ ...database, url: task.url }, { log });
const { db } = database;

/**
 * Until another worker has run a job too: a bulk worker holds its first runs here, so two workers
 * share the jobs whichever starts first or runs faster (one could otherwise drain them all alone).
 * Polls the database, as another process's runs are seen nowhere else.
 */
let shared = false;
async function untilAnotherWorkerRan(): Promise<void> {
  const pause = new WakeSignal();
  while (!shared) {
    const { rows } = await sql<{ n: number | string }>`
      select count(distinct worker) as n from job_runs`.execute(db);
    shared = Number(rows[0]!.n) >= 2;
    if (!shared) await pause.sleep(10);
  }
}

if (task.mode === 'bulk') {
  queue.work<{ key: string }>(
    'bulk',
    async ({ data, attempt }) => {
      await recordEffect(db, data.key, task.worker, attempt);
      await untilAnotherWorkerRan();
    },
    {
      concurrency: 4,
    },
  );
} else if (task.mode === 'schedule') {
  queue.work<PeriodData>('tick', ({ data }) => recordEffect(db, data.periodStart, task.worker));
  queue.schedule('tick', { everyMs: task.everyMs ?? 300 });
} else {
  queue.work<{ key: string }>(
    'blocking',
    async ({ data, attempt }) => {
      if (attempt === 1) {
        await sql`insert into job_runs (key, worker, attempt) values (${data.key}, ${task.worker}, 1)`.execute(
          db,
        );
        await new Promise(() => {}); // until SIGKILL
      }
      await recordEffect(db, data.key, task.worker, attempt);
    },
    { timeoutMs: task.timeoutMs ?? 1000, backoff: { firstMs: 1, maxMs: 1 } },
  );
}

await queue.start();
process.send?.('started');
process.once('SIGTERM', () => {
  void queue
    .stop({ deadlineMs: 2000 })
    .then(() => database.close())
    .then(() => process.exit(0));
});
