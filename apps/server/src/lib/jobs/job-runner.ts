/**
 * The JobQueue both engines share: declarations, the enqueue with its key, one worker per job name and
 * one loop per schedule in a claiming process, and the graceful stop. The store (SQLite or pg-boss)
 * does the writing, claiming and settling.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import { checkJobName, DEFAULT_BACKOFF, defineJob, type JobDefinition } from './job-definitions.ts';
import { reserveKey } from './job-keys.ts';
import type {
  FailedJob,
  JobCount,
  JobHandler,
  JobQueue,
  NewJob,
  ScheduleOptions,
  StopOptions,
  WorkOptions,
} from './job-queue.ts';
import { ScheduleLoop } from './job-schedules.ts';
import type { JobStore } from './job-store.ts';
import { WakeSignal } from './wake-signal.ts';
import { WorkerLoop, type JobLog } from './worker-loop.ts';

export interface RunnerOptions {
  /** false in a web-only process (PROCESS_ROLE=web): it enqueues but never claims. */
  claim: boolean;
  log: JobLog;
  /** The clock for run times, leases and periods (tests move their own); default Date.now. */
  now?: () => number;
  /**
   * How often the process looks for due jobs (default 1000 ms): one read of which job names have
   * work due, then only those names' workers claim.
   */
  pollMs?: number;
  /** Caps every job's lease (crash tests: a dead process's runs are run again within it). */
  maxLeaseMs?: number;
  /** Caps every job's retry delays, and the delay a job is enqueued with (crash tests). */
  maxBackoffMs?: number;
}

/**
 * How long an idle worker sleeps when nothing wakes it: the poller wakes it when its name has work
 * due, an enqueue in this process or another (PostgreSQL's notification) at once; this is a backstop.
 */
const IDLE_WORKER_MS = 30_000;
/** A schedule on the real clock sleeps until its next period, at most this long (clock changes). */
const SCHEDULE_MAX_SLEEP_MS = 60_000;

export class JobRunner implements JobQueue {
  readonly #definitions = new Map<string, JobDefinition>();
  readonly #schedules = new Map<string, ScheduleOptions>();
  readonly #workers = new Map<string, WorkerLoop>();
  readonly #scheduleLoops: ScheduleLoop[] = [];
  #poller: DuePoller | undefined;
  readonly #now: () => number;
  readonly #pollMs: number;
  // Unique per process and start, so a lease names the run that holds it.
  readonly #workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  #state: 'declaring' | 'starting' | 'started' | 'stopped' = 'declaring';
  #unwatch: (() => Promise<void>) | undefined;

  constructor(
    private readonly db: Db,
    private readonly store: JobStore,
    private readonly options: RunnerOptions,
  ) {
    this.#now = options.now ?? Date.now;
    this.#pollMs = options.pollMs ?? 1000;
  }

  get engine() {
    return this.store.engine;
  }

  work<T>(name: string, handler: JobHandler<T>, options?: WorkOptions): void {
    this.#declaring(name);
    if (this.#definitions.has(name)) throw new Error(`The job "${name}" is declared twice`);
    this.#definitions.set(name, defineJob(name, handler, this.#capped(options ?? {})));
  }

  /** A job's options within the test caps on leases and retry delays, if any. */
  #capped(options: WorkOptions): WorkOptions {
    const { maxLeaseMs, maxBackoffMs } = this.options;
    let capped = options;
    if (maxLeaseMs !== undefined) {
      capped = { ...capped, timeoutMs: Math.min(capped.timeoutMs ?? maxLeaseMs, maxLeaseMs) };
    }
    if (maxBackoffMs !== undefined) {
      const b = typeof capped.backoff === 'object' ? capped.backoff : DEFAULT_BACKOFF;
      const backoff = {
        firstMs: Math.min(b.firstMs, maxBackoffMs),
        maxMs: Math.min(b.maxMs, maxBackoffMs),
      };
      capped = { ...capped, backoff };
    }
    return capped;
  }

  schedule(name: string, options: ScheduleOptions): void {
    this.#declaring(checkJobName(name));
    if (this.#schedules.has(name)) throw new Error(`The schedule "${name}" is declared twice`);
    if (!Number.isInteger(options.everyMs) || options.everyMs < 1) {
      throw new TypeError(`The schedule "${name}" needs everyMs, a whole number of ms from 1`);
    }
    this.#schedules.set(name, options);
  }

  #declaring(name: string): void {
    if (this.#state !== 'declaring') {
      throw new Error(`Declare the job "${name}" before the job queue starts`);
    }
  }

  async enqueue<T>(trx: Transaction<Database>, job: NewJob<T>): Promise<boolean> {
    const definition = this.#definitions.get(job.name);
    if (!definition) throw new Error(`No job "${job.name}" was declared with work()`);
    // After stop() too: a request still under way at shutdown enqueues, and another process runs it.
    if (this.#state === 'declaring' || this.#state === 'starting') {
      throw new Error('The job queue has not started');
    }
    const now = this.#now();
    if (job.key !== undefined && !(await reserveKey(trx, job.key, new Date(now).toISOString()))) {
      return false;
    }
    const delayMs = job.delayMs && Math.min(job.delayMs, this.options.maxBackoffMs ?? job.delayMs);
    const runAt = job.runAt ?? (delayMs ? new Date(now + delayMs) : undefined);
    await this.store.insert(trx, definition, { data: job.data, ...(runAt ? { runAt } : {}) });
    // On SQLite the claim waits for this transaction's connection, so it sees the job once committed.
    if (this.store.wakeAfterEnqueue) this.#workers.get(job.name)?.wake();
    return true;
  }

  async start(): Promise<void> {
    if (this.#state !== 'declaring') return;
    this.#state = 'starting';
    for (const name of this.#schedules.keys()) {
      if (!this.#definitions.has(name)) throw new Error(`The schedule "${name}" has no work()`);
    }
    await this.store.prepare([...this.#definitions.values()], this.options.claim);
    this.#state = 'started';
    if (!this.options.claim) return;
    const { log } = this.options;
    for (const definition of this.#definitions.values()) {
      const worker = new WorkerLoop(definition, this.store, {
        workerId: this.#workerId,
        pollMs: Math.max(this.#pollMs, IDLE_WORKER_MS),
        log,
      });
      this.#workers.set(definition.name, worker);
      worker.start();
    }
    if (this.store.watch && this.#workers.size) {
      this.#unwatch = await this.store.watch((name) => this.#workers.get(name)?.wake());
    }
    if (this.#workers.size) {
      this.#poller = new DuePoller(this.store, [...this.#workers.keys()], {
        pollMs: this.#pollMs,
        wake: (name) => this.#workers.get(name)?.wake(),
        log,
      });
      this.#poller.start();
    }
    for (const [name, { everyMs }] of this.#schedules) {
      const loop = new ScheduleLoop(
        this.db,
        { name, everyMs },
        {
          now: this.#now,
          // A test's clock is moved by hand: its schedules look every pollMs. The real clock's sleep
          // until their next period.
          pollMs: this.options.now ? this.#pollMs : SCHEDULE_MAX_SLEEP_MS,
          enqueue: (trx, job) => this.enqueue(trx, job),
          log,
        },
      );
      this.#scheduleLoops.push(loop);
      loop.start();
    }
  }

  async stop(options: StopOptions = {}): Promise<void> {
    if (this.#state === 'stopped') return;
    this.#state = 'stopped';
    await Promise.all(this.#scheduleLoops.map((loop) => loop.stop()));
    await this.#poller?.stop();
    await this.#unwatch?.();
    const deadlineMs = options.deadlineMs ?? 10_000;
    await Promise.all([...this.#workers.values()].map((worker) => worker.stop(deadlineMs)));
    await this.store.close();
  }

  listFailed(options: { name?: string; limit?: number } = {}): Promise<FailedJob[]> {
    return this.store.listFailed({ ...options, limit: Math.min(options.limit ?? 50, 500) });
  }

  counts(): Promise<Record<string, JobCount>> {
    return this.store.counts();
  }

  oldestWaiting(): Promise<Record<string, number>> {
    return this.store.oldestWaiting();
  }

  names(): string[] {
    return [...this.#definitions.keys()];
  }

  async retry(id: string): Promise<boolean> {
    const retried = await this.store.retry(id);
    if (retried) for (const worker of this.#workers.values()) worker.wake();
    return retried;
  }
}

/**
 * Every `pollMs`, one read of which job names have work due (JobStore.dueNames), and those names'
 * workers woken: an idle process makes one statement a period rather than a claim per job name.
 */
class DuePoller {
  readonly #signal = new WakeSignal();
  #stopping = false;
  #loop: Promise<void> | undefined;

  constructor(
    private readonly store: JobStore,
    private readonly names: readonly string[],
    private readonly options: { pollMs: number; wake: (name: string) => void; log: JobLog },
  ) {}

  start(): void {
    this.#loop ??= this.#run();
  }

  async #run(): Promise<void> {
    while (!this.#stopping) {
      try {
        for (const name of await this.store.dueNames(this.names)) this.options.wake(name);
      } catch (err) {
        this.options.log.error({ err }, 'looking for due jobs failed');
      }
      if (!this.#stopping) await this.#signal.sleep(this.options.pollMs);
    }
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    this.#signal.wake();
    await this.#loop;
  }
}
