import type { FailedJob } from '@sunward/core/console-jobs';
import { errorMessage } from '@/shared/console/console-error.tsx';
import { useToastStore } from '@/shared/toast/toast-store.ts';
import { useRetryJob } from '../api/retry-job.ts';
import './jobs.css';

/**
 * Retry: the failed job gets one more attempt, due now; the list then loads again without it. Named
 * "Retry" in every row, described by the row's job (`describedBy`) so a screen reader says which.
 */
export function RetryJobButton({ job, describedBy }: { job: FailedJob; describedBy: string }) {
  const retry = useRetryJob(job.id);
  const toast = useToastStore((s) => s.show);

  const click = () => {
    if (retry.isPending) return;
    retry.mutate(undefined, {
      onSuccess: () => toast('success', `${job.label}: queued to run again.`),
    });
  };

  return (
    <div className="jobs-retry">
      <button
        type="button"
        className="btn btn--outline btn--small"
        onClick={click}
        disabled={retry.isPending}
        aria-busy={retry.isPending}
        aria-describedby={describedBy}
      >
        {retry.isPending ? 'Retrying…' : 'Retry'}
      </button>
      {retry.isError ? (
        <p role="alert" className="jobs-alert">
          {errorMessage(retry.error)}
        </p>
      ) : null}
    </div>
  );
}
