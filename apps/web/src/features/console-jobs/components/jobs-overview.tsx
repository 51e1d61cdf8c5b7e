import { Link } from 'react-router';
import type { FailedJob, JobKind, JobTarget } from '@sunward/core/console-jobs';
import { ConsoleError } from '@/shared/console/console-error.tsx';
import { DateTime } from '@/shared/console/console-format.tsx';
import { DataTable, type Column } from '@/shared/console/data-table.tsx';
import { paths } from '@/shared/paths.ts';
import { FAILED_JOBS_SHOWN, useJobs } from '../api/get-jobs.ts';
import { RetryJobButton } from './retry-job-button.tsx';
import './jobs.css';

/** Where the console shows what a job was for: the email in the outbox, the return's page. */
const targetHref = (target: JobTarget) =>
  target.type === 'email'
    ? `${paths.consoleOutbox.href()}?${new URLSearchParams({ email: target.id })}`
    : paths.consoleReturn.href({ returnId: target.id });

const KIND_COLUMNS: Column<JobKind>[] = [
  {
    key: 'kind',
    header: 'Job',
    cell: (k) => (
      <>
        <span className="jobs-label">{k.label}</span>
        <span className="jobs-muted">{k.purpose}</span>
      </>
    ),
  },
  { key: 'queued', header: 'Waiting', cell: (k) => k.queued, align: 'end' },
  { key: 'running', header: 'Running', cell: (k) => k.running, align: 'end' },
  {
    key: 'failed',
    header: 'Failed',
    cell: (k) => <span className={k.failed > 0 ? 'jobs-failed-count' : undefined}>{k.failed}</span>,
    align: 'end',
  },
];

const aboutId = (job: FailedJob) => `job-about-${job.id}`;

const FAILED_COLUMNS: Column<FailedJob>[] = [
  {
    key: 'job',
    header: 'Job',
    cell: (j) => (
      <>
        <span className="jobs-label">{j.label}</span>
        <span id={aboutId(j)} className="jobs-about">
          {j.target ? <Link to={targetHref(j.target)}>{j.about}</Link> : j.about}
        </span>
      </>
    ),
  },
  { key: 'error', header: 'Error', cell: (j) => <span className="jobs-error">{j.error}</span> },
  { key: 'failed', header: 'Failed', cell: (j) => <DateTime value={j.failedAt} /> },
  { key: 'attempts', header: 'Attempts', cell: (j) => j.attempts, align: 'end' },
  {
    key: 'retry',
    header: 'Action',
    cell: (j) => <RetryJobButton job={j} describedBy={aboutId(j)} />,
  },
];

/**
 * The shop's background jobs: each kind with how many wait, run or failed, then the failed ones
 * (newest first) with their error, when, their attempts and Retry.
 */
export function JobsOverview() {
  const query = useJobs();
  if (query.isError) {
    return (
      <ConsoleError
        error={query.error}
        title="The jobs could not be loaded."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (!query.data) return <p className="jobs-muted">Loading the jobs…</p>;
  const { kinds, failed } = query.data;
  const failedInAll = kinds.reduce((sum, k) => sum + k.failed, 0);
  return (
    <div className="jobs" aria-busy={query.isFetching}>
      <section aria-labelledby="jobs-kinds" className="jobs-section">
        <h2 id="jobs-kinds" className="jobs-heading">
          Kinds of job
        </h2>
        <DataTable
          caption="Kinds of job with how many wait, run or failed"
          columns={KIND_COLUMNS}
          rows={kinds}
          rowKey={(k) => k.name}
          empty="The shop runs no jobs."
        />
      </section>
      <section aria-labelledby="jobs-failed" className="jobs-section">
        <h2 id="jobs-failed" className="jobs-heading">
          Failed jobs
        </h2>
        <p className="jobs-muted">
          A job is kept here once it has used all its attempts. Retry gives it one more, now.
          {failedInAll > failed.length
            ? ` The newest ${FAILED_JOBS_SHOWN} of ${failedInAll} are shown.`
            : ''}
        </p>
        <DataTable
          caption="Failed jobs, newest first"
          columns={FAILED_COLUMNS}
          rows={failed}
          rowKey={(j) => j.id}
          empty="No job has failed."
        />
      </section>
    </div>
  );
}

/** Loads the jobs again (they change in the background); for the page's actions. */
export function RefreshJobsButton() {
  const query = useJobs();
  return (
    <button
      type="button"
      className="btn btn--outline btn--small"
      onClick={() => void query.refetch()}
      disabled={query.isFetching}
      aria-busy={query.isFetching}
    >
      {query.isFetching ? 'Refreshing…' : 'Refresh'}
    </button>
  );
}
