/**
 * The jobs that buy and void the shop's shipping labels (decision 039): claimed by the request with
 * their job in one transaction, run by the job engine in whichever process claims the job first, once
 * at a time (a run's lease). A run again after a crash or a lost lease changes nothing a run before it
 * settled (each settles only its own claim, `where status = ...`).
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { JobQueue, WorkOptions } from '../../lib/jobs/job-queue.ts';
import {
  BUY_LABEL_JOB,
  VOID_LABEL_JOB,
  runPurchase,
  runVoid,
  type BuyJob,
  type OutboundDeps,
  type VoidJob,
} from './outbound-labels.service.ts';

/**
 * A run asks the address check and the carrier (USPS's client times out after its own seconds); its
 * lease outlasts both. A throw (the database away) runs it again a few times, soon.
 */
export const OUTBOUND_LABEL_JOB_OPTIONS = {
  maxAttempts: 5,
  backoff: { firstMs: 5_000, maxMs: 5 * 60_000 },
  timeoutMs: 2 * 60_000,
  concurrency: 2,
} satisfies WorkOptions;

export function outboundDeps(
  app: Pick<FastifyInstance, 'labels' | 'usps' | 'jobs' | 'config' | 'log'>,
): OutboundDeps {
  return {
    labels: app.labels,
    verifier: app.usps.verifier,
    jobs: app.jobs,
    siteUrl: app.config.siteUrl,
    log: app.log,
  };
}

/** Declares both jobs (every process, before the queue starts); `deps` is read at each run. */
export function registerOutboundLabelJobs(jobs: JobQueue, db: Db, deps: () => OutboundDeps): void {
  jobs.work<BuyJob>(
    BUY_LABEL_JOB,
    ({ data }) => runPurchase(db, deps(), data),
    OUTBOUND_LABEL_JOB_OPTIONS,
  );
  jobs.work<VoidJob>(
    VOID_LABEL_JOB,
    ({ data }) => runVoid(db, deps(), data),
    OUTBOUND_LABEL_JOB_OPTIONS,
  );
}
