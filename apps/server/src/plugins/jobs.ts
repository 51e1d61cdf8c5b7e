/**
 * The job engine (docs/decisions/029) as `app.jobs`: features declare their jobs with `app.jobs.work()`
 * and `schedule()` while they register, and enqueue with `app.jobs.enqueue(trx, ...)` inside the
 * transaction that makes the work necessary; a feature reacts to another's change with
 * `app.events.on()`, and the writer publishes with `publishEvent(trx, ...)`. The queue starts when
 * the app is ready (after every declaration) and stops before the database closes: running handlers
 * get a deadline to finish.
 * PROCESS_ROLE=web enqueues but never claims.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { createJobQueue, type JobQueueOptions } from '../lib/jobs/create-job-queue.ts';
import { bindEvents, EventBus } from '../lib/jobs/events.ts';
import type { JobQueue } from '../lib/jobs/job-queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
    /** Reactions to events published in a transaction (lib/jobs/events.ts), each a job. */
    events: EventBus;
  }
}

/** What a test may set: the clock, how often idle workers look, pg-boss's maintenance, leases. */
export type JobTestOptions = Partial<
  Pick<JobQueueOptions, 'now' | 'pollMs' | 'pgBoss' | 'random' | 'maxLeaseMs' | 'maxBackoffMs'>
>;

/** Running handlers' time to finish at shutdown; main.ts exits by force after 10 s. */
const STOP_DEADLINE_MS = 7000;

/** Needs `app.database`, `app.db` and `app.log`; decorates `jobs` and `events`. */
export async function registerJobs(
  app: FastifyInstance,
  config: Config,
  options: JobTestOptions = {},
): Promise<void> {
  const jobs = await createJobQueue({
    database: app.database,
    databaseUrl: config.databaseUrl,
    claim: config.processRole !== 'web',
    log: app.log,
    ...options,
  });
  app.decorate('jobs', jobs);
  const events = new EventBus(jobs);
  bindEvents(app.db, events);
  app.decorate('events', events);
  app.addHook('onReady', () => jobs.start());
  app.addHook('preClose', () => jobs.stop({ deadlineMs: STOP_DEADLINE_MS }));
}
