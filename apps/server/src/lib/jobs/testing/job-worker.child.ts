/**
 * A worker process for the job engine's tests (job-test-kit.ts `startChildWorker`): opens the test's
 * database with its own connections, declares the task's job, starts, tells the parent, and stops on
 * SIGTERM. Modes: `bulk` records each job's effect; `schedule` records one run per period; `block`
 * marks the job started and then blocks until the process is killed.
 */
import { sql } from 'kysely';
import { openDatabase } from '../../../db/database.ts';
import type { PeriodData } from '../job-schedules.ts';
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

if (task.mode === 'bulk') {
  queue.work<{ key: string }>(
    'bulk',
    ({ data, attempt }) => recordEffect(db, data.key, task.worker, attempt),
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
