import { useId, useState } from 'react';
import type { ErrorGroup } from '@sunward/core/console-errors';
import { ConsoleError } from '@/shared/console/console-error.tsx';
import { DateTime } from '@/shared/console/console-format.tsx';
import { FilterBar, useFilterValues } from '@/shared/console/filter-bar.tsx';
import { KeysetPager, useKeysetCursor } from '@/shared/console/keyset-pager.tsx';
import { useErrorGroups } from '../api/get-error-groups.ts';
import { useErrorReports } from '../api/get-error-reports.ts';
import './errors.css';

const PERIODS = [
  { value: '1', label: 'Last 24 hours' },
  { value: '', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
];

/** The group's reports, newest first, with Show more; loaded when the group is opened. */
function GroupReports({ group, days }: { group: ErrorGroup; days: number }) {
  const reports = useErrorReports(group.fingerprint, days, true);
  if (reports.isError) {
    return (
      <ConsoleError
        error={reports.error}
        title="The reports could not be loaded."
        onRetry={() => void reports.refetch()}
        retrying={reports.isFetching}
      />
    );
  }
  const rows = reports.data?.pages.flatMap((page) => page.reports) ?? [];
  if (!reports.data) return <p className="errors-muted">Loading the reports…</p>;
  return (
    <>
      <ol className="errors-reports">
        {rows.map((report) => (
          <li key={report.id} className="errors-report">
            <p>
              <DateTime value={report.createdAt} /> · {report.url ?? 'no page address'}
            </p>
            <p className="errors-muted">
              {report.userAgent ?? 'Unknown browser'} · request {report.requestId ?? 'unknown'}
            </p>
            {report.stack ? (
              <details>
                <summary>Stack</summary>
                <pre className="errors-stack">{report.stack}</pre>
              </details>
            ) : null}
          </li>
        ))}
      </ol>
      <KeysetPager
        label={`More reports of ${group.message}`}
        more={{
          hasMore: reports.hasNextPage,
          onMore: () => void reports.fetchNextPage(),
          busy: reports.isFetchingNextPage,
          text: 'Show more reports',
        }}
      />
    </>
  );
}

/** One group: how often, since when, where last; opened, its reports. */
function Group({ group, days }: { group: ErrorGroup; days: number }) {
  const [open, setOpen] = useState(false);
  const region = useId();
  return (
    <li className="errors-group">
      <div className="errors-group__head">
        <span className="errors-count" aria-label={`${group.count} reports`}>
          {group.count}×
        </span>
        <div className="errors-group__what">
          <p className="errors-message">
            {group.type ? <strong>{group.type}: </strong> : null}
            {group.message}
          </p>
          {group.frame ? <code className="errors-frame">{group.frame}</code> : null}
          <p className="errors-muted">
            Last seen <DateTime value={group.lastSeen} /> · first seen{' '}
            <DateTime value={group.firstSeen} />
          </p>
          <p className="errors-muted">
            Latest on {group.sample.url ?? 'an unknown page'} ·{' '}
            {group.sample.userAgent ?? 'unknown browser'} · request{' '}
            {group.sample.requestId ?? 'unknown'}
          </p>
        </div>
        <button
          type="button"
          className="btn btn--outline btn--small"
          aria-expanded={open}
          aria-controls={region}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide reports' : 'Show reports'}
        </button>
      </div>
      {open ? (
        <div id={region} className="errors-group__body">
          <GroupReports group={group} days={days} />
        </div>
      ) : null}
    </li>
  );
}

/**
 * The storefront's error reports grouped by type, message and first stack frame, newest group first,
 * over a chosen period. Reports are not linked to customers.
 */
export function ErrorGroups() {
  const { days: daysParam } = useFilterValues(['days']);
  const { cursor } = useKeysetCursor();
  const days = ['1', '30', '90'].includes(daysParam) ? Number(daysParam) : 7;
  const query = useErrorGroups({ days, after: cursor });
  return (
    <section aria-busy={query.isFetching} className="errors-section">
      <FilterBar
        label="Choose the period"
        fields={[{ type: 'select', name: 'days', label: 'Period', options: PERIODS }]}
      />
      {query.isError ? (
        <ConsoleError
          error={query.error}
          title="The error reports could not be loaded."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : !query.data ? (
        <p className="errors-muted">Loading the error reports…</p>
      ) : query.data.groups.length === 0 ? (
        <p className="errors-muted">No errors were reported in this period.</p>
      ) : (
        <>
          <ul className="errors-groups" aria-label="Error groups">
            {query.data.groups.map((group) => (
              <Group key={group.fingerprint} group={group} days={days} />
            ))}
          </ul>
          <KeysetPager label="Error group pages" next={query.data.next} busy={query.isFetching} />
        </>
      )}
    </section>
  );
}
