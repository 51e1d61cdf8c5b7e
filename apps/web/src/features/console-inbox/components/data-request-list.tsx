import type { DataRequestSummary } from '@sunward/core/console-inbox';
import { ConsoleError } from '@/shared/console/console-error.tsx';
import { DateTime, formatCalendarDay } from '@/shared/console/console-format.tsx';
import { DataTable, type Column } from '@/shared/console/data-table.tsx';
import { FilterBar, useFilterValues } from '@/shared/console/filter-bar.tsx';
import { KeysetPager, useKeysetCursor } from '@/shared/console/keyset-pager.tsx';
import { paths } from '@/shared/paths.ts';
import { useDataRequests } from '../api/get-data-requests.ts';
import { DaysLeftBadge } from './inbox-badges.tsx';
import './inbox.css';

const COLUMNS: Column<DataRequestSummary>[] = [
  {
    key: 'from',
    header: 'From',
    cell: (r) => (r.erased ? 'Erased' : r.email),
  },
  {
    key: 'message',
    header: 'Request',
    cell: (r) =>
      r.erased ? (
        <span className="inbox-muted">Erased</span>
      ) : (
        <span className="inbox-excerpt">{r.excerpt}</span>
      ),
  },
  { key: 'received', header: 'Received', cell: (r) => <DateTime value={r.receivedAt} dateOnly /> },
  { key: 'due', header: 'Due by', cell: (r) => formatCalendarDay(r.dueBy) },
  { key: 'clock', header: 'Deadline', cell: (r) => <DaysLeftBadge request={r} /> },
];

/**
 * Privacy data requests: the open ones soonest deadline first (the 45 days the law gives, counted by
 * the server on the shop's calendar), or the completed ones; each row opens the request.
 */
export function DataRequestList() {
  const filters = useFilterValues(['status']);
  const { cursor } = useKeysetCursor();
  const status = filters.status === 'completed' ? 'completed' : 'open';
  const query = useDataRequests({ status, after: cursor });

  return (
    <section
      aria-labelledby="data-request-list-title"
      aria-busy={query.isFetching}
      className="inbox-section"
    >
      <h2 id="data-request-list-title" className="visually-hidden">
        Data requests
      </h2>
      <FilterBar
        label="Filter data requests"
        fields={[
          {
            type: 'select',
            name: 'status',
            label: 'Show',
            options: [
              { value: '', label: 'Open, by deadline' },
              { value: 'completed', label: 'Completed' },
            ],
          },
        ]}
      />
      {query.isError ? (
        <ConsoleError
          error={query.error}
          title="The data requests could not be loaded."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data ? (
        <>
          <DataTable
            caption={status === 'open' ? 'Open data requests' : 'Completed data requests'}
            columns={COLUMNS}
            rows={query.data.requests}
            rowKey={(r) => r.id}
            rowLink={{ column: 'from', href: (r) => paths.consoleDataRequest.href({ id: r.id }) }}
            empty={status === 'open' ? 'No open data requests.' : 'No completed data requests yet.'}
          />
          <KeysetPager label="Data request pages" next={query.data.next} busy={query.isFetching} />
        </>
      ) : (
        <p className="inbox-muted">Loading data requests…</p>
      )}
    </section>
  );
}
