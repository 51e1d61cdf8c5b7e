/**
 * The console's background jobs (issue 25: "failed jobs kept and visible", docs/decisions/029): each
 * kind of job with what it does and how many wait, run or failed, the failed ones with their error and
 * what they were for, and the operator's Retry. What /api/admin/jobs answers.
 */
import { z } from 'zod';

export const JobKindSchema = z.object({
  /** The engine's name: `email.deliver`. */
  name: z.string(),
  /** In plain English: "Email delivery". */
  label: z.string(),
  /** What it does, in a sentence. */
  purpose: z.string(),
  queued: z.number().int(),
  running: z.number().int(),
  failed: z.number().int(),
});
export type JobKind = z.infer<typeof JobKindSchema>;

/** Where the console shows the thing a job was for: an email in the outbox, a return. */
export const JobTargetSchema = z.object({
  type: z.enum(['email', 'return']),
  id: z.string(),
});
export type JobTarget = z.infer<typeof JobTargetSchema>;

export const FailedJobSchema = z.object({
  id: z.string(),
  name: z.string(),
  label: z.string(),
  /** Runs in all, the last one included. */
  attempts: z.number().int(),
  /** The last run's error message. */
  error: z.string(),
  failedAt: z.string(),
  /**
   * What it was for, from its data ("Order #1001 confirmation to j***@example.com"): recipients
   * masked, one-time links and secrets never shown.
   */
  about: z.string(),
  target: JobTargetSchema.nullable(),
});
export type FailedJob = z.infer<typeof FailedJobSchema>;

/** The most failed jobs one answer lists (the kinds' counts say how many there are in all). */
export const FAILED_JOBS_MAX = 100;

export const JobsOverviewSchema = z.object({
  /** Every kind the shop runs, in the console's order, then any other name the engine holds. */
  kinds: z.array(JobKindSchema),
  /** Newest first. */
  failed: z.array(FailedJobSchema),
});
export type JobsOverview = z.infer<typeof JobsOverviewSchema>;

export const RetryJobAnswerSchema = z.object({
  id: z.string(),
  /** The job waits for its one more run, due now. */
  queued: z.literal(true),
});
export type RetryJobAnswer = z.infer<typeof RetryJobAnswerSchema>;
