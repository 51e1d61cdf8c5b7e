/**
 * One job name's worker in one process: claims as many due jobs as it has free slots, runs each under
 * its lease, settles it, and claims again at once while there is work; idle, it sleeps `pollMs` or
 * until woken (an enqueue, a free slot, the runner's poller finding its name due).
 */
import type { JobDefinition } from './job-definitions.ts';
import type { ClaimedJob, JobStore } from './job-store.ts';
import { WakeSignal } from './wake-signal.ts';

/** The pino subset the engine logs through. */
export interface JobLog {
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export class JobTimeoutError extends Error {
  override name = 'JobTimeoutError';
}

export class WorkerLoop {
  readonly #signal = new WakeSignal();
  readonly #running = new Set<Promise<void>>();
  readonly #aborts = new Set<AbortController>();
  #held = 0;
  #stopping = false;
  #loop: Promise<void> | undefined;

  constructor(
    private readonly definition: JobDefinition,
    private readonly store: JobStore,
    private readonly options: { workerId: string; pollMs: number; log: JobLog },
  ) {}

  start(): void {
    this.#loop ??= this.#run();
  }

  wake(): void {
    this.#signal.wake();
  }

  async #run(): Promise<void> {
    while (!this.#stopping) {
      const free = this.definition.concurrency - this.#held;
      if (free > 0) {
        this.#signal.take();
        let claimed: ClaimedJob[] = [];
        try {
          claimed = await this.store.claim(this.definition, free, this.options.workerId);
        } catch (err) {
          this.options.log.error({ err, job: this.definition.name }, 'claiming jobs failed');
        }
        for (const job of claimed) this.#launch(job);
        // A full batch: there may be more due, claim again as soon as a slot is free.
        if (claimed.length === free && !this.#stopping) continue;
      }
      await this.#signal.sleep(this.options.pollMs);
    }
  }

  #launch(job: ClaimedJob): void {
    const abort = new AbortController();
    this.#aborts.add(abort);
    this.#held++;
    let released = false;
    // The slot is free again when the run settles or its lease ends, whichever comes first: a run past
    // its lease is another worker's to repeat, and must not keep this worker from its queue.
    const release = () => {
      if (released) return;
      released = true;
      // Only a loop that stopped claiming for want of a slot needs waking; otherwise it is asleep
      // after a claim that found less than it could take, and a claim now would find nothing.
      const wasFull = this.#held === this.definition.concurrency;
      this.#held--;
      if (wasFull) this.#signal.wake();
    };
    const timer = setTimeout(() => {
      abort.abort(new JobTimeoutError(`timed out after ${this.definition.timeoutMs} ms`));
      this.options.log.warn(
        { job: job.name, id: job.id, attempt: job.attempt },
        'job passed its time limit; it runs again once its lease ends',
      );
      release();
    }, this.definition.timeoutMs);
    const run = this.#settle(job, abort.signal).finally(() => {
      clearTimeout(timer);
      this.#aborts.delete(abort);
      release();
    });
    this.#running.add(run);
    void run.finally(() => this.#running.delete(run));
  }

  async #settle(job: ClaimedJob, signal: AbortSignal): Promise<void> {
    const { name, id, data, attempt } = job;
    let error: string | undefined;
    try {
      await this.definition.handler({ id, name, data, attempt, signal });
    } catch (err) {
      error = err instanceof Error ? err.message || err.name : String(err);
    }
    try {
      // A late success still completes (the store checks the lease is this run's); a late failure is
      // left to the lease, which has ended or is about to.
      if (error === undefined)
        await this.store.complete(this.definition, job, this.options.workerId);
      else if (!signal.aborted) {
        this.options.log.warn({ job: name, id, attempt, error }, 'job failed');
        await this.store.fail(this.definition, job, this.options.workerId, error.slice(0, 2000));
      }
    } catch (err) {
      // The lease ends and the job runs again: that is what a lost settle costs.
      this.options.log.error({ err, job: name, id }, 'recording the outcome of a job failed');
    }
  }

  /** Stops claiming; waits for running handlers until the deadline, then aborts the rest. */
  async stop(deadlineMs: number): Promise<void> {
    this.#stopping = true;
    this.#signal.wake();
    await this.#loop;
    if (!this.#running.size) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<'deadline'>((resolve) => {
      timer = setTimeout(() => resolve('deadline'), deadlineMs);
    });
    const outcome = await Promise.race([Promise.allSettled([...this.#running]), deadline]);
    clearTimeout(timer);
    if (outcome === 'deadline') {
      this.options.log.warn(
        { job: this.definition.name, running: this.#running.size },
        'jobs still running at the stop deadline; they run again once their lease ends',
      );
      for (const abort of this.#aborts) abort.abort(new JobTimeoutError('the worker stopped'));
    }
  }
}
