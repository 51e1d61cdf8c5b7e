import { useQuery } from '@tanstack/react-query';
import { JobsOverviewSchema } from '@sunward/core/console-jobs';
import { adminGet, adminUrl } from '@/shared/console/admin-api.ts';
import { jobsKeys } from './jobs-keys.ts';

/** The failed jobs one screen lists, newest first (the kinds' counts say how many there are). */
export const FAILED_JOBS_SHOWN = 50;

/** GET /api/admin/jobs: each kind of job with its counts, and the failed jobs newest first. */
export const getJobs = (signal?: AbortSignal) =>
  adminGet(adminUrl('/jobs', { limit: FAILED_JOBS_SHOWN }), JobsOverviewSchema, signal);

export function useJobs() {
  return useQuery({ queryKey: jobsKeys.overview(), queryFn: ({ signal }) => getJobs(signal) });
}
