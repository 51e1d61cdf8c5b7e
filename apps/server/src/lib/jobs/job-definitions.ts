/**
 * A job's declaration, checked once when `work()` is called, and the retry delay. A bad name or option
 * is a defect in the caller, so it throws.
 */
import type { Backoff, JobHandler, WorkOptions } from './job-queue.ts';

export interface JobDefinition {
  name: string;
  handler: JobHandler<unknown>;
  maxAttempts: number;
  backoff: Backoff;
  timeoutMs: number;
  concurrency: number;
}

export const DEFAULT_BACKOFF: Backoff = { firstMs: 1000, maxMs: 15 * 60_000 };

// Safe as a pg-boss queue name, a log field and part of a key.
const NAME = /^[a-z][a-z0-9]*([._-][a-z0-9]+)*$/;
const MAX_TIMER_MS = 2_147_483_647;

function whole(value: number, min: number, what: string): number {
  if (!Number.isInteger(value) || value < min || value > MAX_TIMER_MS) {
    throw new TypeError(`${what} must be a whole number from ${min} to ${MAX_TIMER_MS}`);
  }
  return value;
}

export function checkJobName(name: string): string {
  if (!NAME.test(name) || name.length > 100) {
    throw new TypeError(
      `Job name "${name}" must be lowercase letters and digits, with . _ - between words`,
    );
  }
  return name;
}

export function defineJob<T>(
  name: string,
  handler: JobHandler<T>,
  options: WorkOptions = {},
): JobDefinition {
  const backoff =
    options.backoff === undefined || options.backoff === 'exponential'
      ? DEFAULT_BACKOFF
      : options.backoff;
  whole(backoff.firstMs, 1, 'backoff.firstMs');
  whole(backoff.maxMs, backoff.firstMs, 'backoff.maxMs');
  return {
    name: checkJobName(name),
    handler: handler as JobHandler<unknown>,
    maxAttempts: whole(options.maxAttempts ?? 5, 1, 'maxAttempts'),
    backoff,
    timeoutMs: whole(options.timeoutMs ?? 60_000, 1, 'timeoutMs'),
    concurrency: whole(options.concurrency ?? 1, 1, 'concurrency'),
  };
}

/**
 * The delay before retrying after the `attempt`-th run failed: first·2^(attempt-1), times 1 to 2 at
 * random so jobs that failed together do not all come back together (pg-boss's own formula, so both
 * engines retry alike), at most `maxMs`.
 */
export function retryDelayMs(attempt: number, backoff: Backoff, random = Math.random): number {
  const base = backoff.firstMs * 2 ** Math.min(attempt - 1, 30);
  return Math.min(backoff.maxMs, Math.round(base * (1 + random())));
}
