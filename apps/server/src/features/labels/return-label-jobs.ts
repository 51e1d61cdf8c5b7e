/**
 * A recorded return's label, made by a reaction to `return.recorded` (issue 25 items 2 and 3,
 * docs/decisions/031) rather than by the request after its commit: a process that dies between the
 * two no longer leaves the return without a label and its email for ever, a provider that is down is
 * asked again with backoff rather than only when the shopper presses download, and the shopper's
 * submit does not wait on USPS. createReturnLabel is idempotent (one label per return, its email
 * keyed by the return), so a run again after a crash or a lost lease changes nothing more.
 */
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../lib/jobs/events.ts';
import type { WorkOptions } from '../../lib/jobs/job-queue.ts';
import { RETURN_RECORDED, type ReturnRecorded } from '../returns/returns.api.ts';
import { createReturnLabel, type LabelDeps } from './return-labels.service.ts';

export const RETURN_LABEL_JOB = 'labels.return-label';

/**
 * The spec promises the label "via email within 24 hours": 50 attempts, 30 s then doubling (jittered)
 * up to 30 minutes, keep asking for about a day. A run's lease outlasts the USPS client's timeouts.
 */
export const RETURN_LABEL_JOB_OPTIONS = {
  maxAttempts: 50,
  backoff: { firstMs: 30_000, maxMs: 30 * 60_000 },
  timeoutMs: 2 * 60_000,
  concurrency: 2,
} satisfies WorkOptions;

/** Thrown so the job engine retries later: the provider made no label this time. */
export class LabelNotYet extends Error {
  constructor(reason: string) {
    super(`No return label yet: ${reason}`);
    this.name = 'LabelNotYet';
  }
}

/**
 * Declares the reaction on `events` (before the queue starts). `deps` is read at each run: the site's
 * URL may be settled after the routes register (a test's server on a free port).
 */
export function registerReturnLabelJob(events: EventBus, db: Db, deps: () => LabelDeps): void {
  events.on<ReturnRecorded>(
    RETURN_RECORDED,
    RETURN_LABEL_JOB,
    async ({ data }) => {
      const made = await createReturnLabel(db, deps(), data.returnId);
      // not_found: the return is gone (it cannot be, returns are kept): nothing to make, nothing to retry.
      if (!made.ok && made.code === 'label_unavailable') throw new LabelNotYet(made.reason);
    },
    RETURN_LABEL_JOB_OPTIONS,
  );
}
