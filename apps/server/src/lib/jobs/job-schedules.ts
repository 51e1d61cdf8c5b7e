/**
 * Recurring work, once per period across every process, the same on both databases: each schedule
 * has a `job_schedules` row holding the start of its next period. Every claiming process wakes at that
 * time and tries a compare-and-set UPDATE from the value it read to the period after; the one that
 * changes the row enqueues the period's job, in the same transaction, under the key
 * `<name>:<period start>` (a second line of defence: the key can never be used twice).
 *
 * Periods are aligned to the epoch (every 5 minutes means :00, :05, ...). A period missed by a short
 * stall (every process busy or paused, less than CATCH_UP periods ago) still runs, late; periods
 * missed while no process ran at all are not made up: the next tick runs the current period once.
 */
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import type { NewJob } from './job-queue.ts';
import type { JobLog } from './worker-loop.ts';
import { WakeSignal } from './wake-signal.ts';

const iso = (ms: number) => new Date(ms).toISOString();
const CATCH_UP = 3;

/** What a scheduled job's handler receives: the period it runs for. */
export interface PeriodData {
  periodStart: string;
}

type Enqueue = (trx: Transaction<Database>, job: NewJob<PeriodData>) => Promise<boolean>;

async function nextRunAt(db: Db, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('job_schedules')
    .select('next_run_at')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.next_run_at;
}

/**
 * One attempt to run the schedule's due period; answers how long until the next one is due (0: another
 * period is due already). Safe to call from any number of processes at once.
 */
export async function tickSchedule(
  db: Db,
  schedule: { name: string; everyMs: number },
  now: number,
  enqueue: Enqueue,
): Promise<number> {
  const { name, everyMs } = schedule;
  const current = Math.floor(now / everyMs) * everyMs;
  // Read first: an idle tick takes no write lock (SQLite has one for the whole database).
  let stored = await nextRunAt(db, name);
  if (stored === undefined) {
    await db
      .insertInto('job_schedules')
      .values({ name, next_run_at: iso(current) })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    stored = (await nextRunAt(db, name))!;
  }
  const next = Date.parse(stored);
  // Set further ahead than a period after next: the period was made shorter since. (A clock a little
  // behind another process's sees the next period as one ahead, which is not due.)
  const shortened = next > current + 2 * everyMs;
  if (next > now && !shortened) return next - now;
  const aligned = Math.floor(next / everyMs) * everyMs;
  const period = !shortened && now - aligned < CATCH_UP * everyMs ? aligned : current;
  await db.transaction().execute(async (trx) => {
    const swapped = await trx
      .updateTable('job_schedules')
      .set({ next_run_at: iso(period + everyMs) })
      .where('name', '=', name)
      .where('next_run_at', '=', stored)
      .executeTakeFirst();
    if (Number(swapped.numUpdatedRows) !== 1) return;
    await enqueue(trx, { name, data: { periodStart: iso(period) }, key: `${name}:${iso(period)}` });
  });
  return Math.max(0, period + everyMs - now);
}

/** A claiming process's loop for one schedule. */
export class ScheduleLoop {
  readonly #signal = new WakeSignal();
  #stopping = false;
  #loop: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly schedule: { name: string; everyMs: number },
    private readonly options: { now: () => number; pollMs: number; enqueue: Enqueue; log: JobLog },
  ) {}

  start(): void {
    this.#loop ??= this.#run();
  }

  async #run(): Promise<void> {
    while (!this.#stopping) {
      let wait = this.options.pollMs;
      try {
        const untilNext = await tickSchedule(
          this.db,
          this.schedule,
          this.options.now(),
          this.options.enqueue,
        );
        // Wake at the period's start, or sooner: the clock may be a test's, moved by hand.
        wait = Math.min(untilNext, this.options.pollMs);
      } catch (err) {
        this.options.log.error({ err, schedule: this.schedule.name }, 'schedule tick failed');
      }
      if (!this.#stopping && wait > 0) await this.#signal.sleep(wait);
    }
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    this.#signal.wake();
    await this.#loop;
  }
}
