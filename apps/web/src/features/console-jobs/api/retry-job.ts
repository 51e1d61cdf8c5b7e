import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RetryJobAnswerSchema } from '@sunward/core/console-jobs';
import { adminSend, adminUrl } from '@/shared/console/admin-api.ts';
import { jobsKeys } from './jobs-keys.ts';

/**
 * POST /api/admin/jobs/{id}/retry: the failed job gets one more attempt, due now. A second click finds
 * it no longer failed (404), so no key is needed to keep it to one.
 */
export const retryJob = (id: string) =>
  adminSend(
    adminUrl(`/jobs/${encodeURIComponent(id)}/retry`),
    { method: 'POST' },
    RetryJobAnswerSchema,
  );

export function useRetryJob(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => retryJob(id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: jobsKeys.overview() }),
  });
}
