import {
  RETURN_QUEUE_FILTERS,
  type ReturnQueueFilter,
  type ReturnSummary,
} from '@sunward/core/console-returns-schemas';
import { paths } from '@/shared/paths.ts';
import { ConsoleError } from '@/shared/console/console-error.tsx';
import { DateTime, Money } from '@/shared/console/console-format.tsx';
import { DataTable, type Column } from '@/shared/console/data-table.tsx';
import { FilterBar, useFilterValues } from '@/shared/console/filter-bar.tsx';
import { KeysetPager, useKeysetCursor } from '@/shared/console/keyset-pager.tsx';
import { StatusBadge } from '@/shared/console/status-badge.tsx';
import { useReturnQueue } from '../api/get-return-queue.ts';
import { unitCounts } from '../lib/return-words.ts';
import './console-returns.css';

const FILTER_LABELS: Record<ReturnQueueFilter, string> = {
  open: 'Open (to do)',
  requested: 'Requested',
  'on-its-way': 'On its way',
  received: 'Received',
  refunded: 'Refunded',
  closed: 'Closed',
  all: 'All',
};

/** The filter in the URL: '' (none) is the queue of open returns. */
const asFilter = (value: string): ReturnQueueFilter =>
  (RETURN_QUEUE_FILTERS as readonly string[]).includes(value)
    ? (value as ReturnQueueFilter)
    : 'open';

const COLUMNS: Column<ReturnSummary>[] = [
  {
    key: 'return',
    header: 'Return',
    cell: (r) => (
      <>
        Order {r.order.orderNumber}
        <span className="console-returns__sub">Return #{r.seq}</span>
      </>
    ),
  },
  { key: 'requested', header: 'Requested', cell: (r) => <DateTime value={r.createdAt} /> },
  {
    key: 'customer',
    header: 'Customer',
    cell: (r) => (
      <>
        {r.order.name || r.order.email}
        <span className="console-returns__sub">{r.order.email}</span>
      </>
    ),
  },
  {
    key: 'units',
    header: 'Units',
    cell: (r) => (
      <>
        {unitCounts(r)}
        {r.exchangeOrderNumber ? (
          <span className="console-returns__sub">Exchange order {r.exchangeOrderNumber}</span>
        ) : null}
      </>
    ),
  },
  { key: 'refund', header: 'Refund', align: 'end', cell: (r) => <Money cents={r.refundAmount} /> },
  { key: 'label', header: 'Label', cell: (r) => (r.labelTracking ? 'Issued' : 'Not made yet') },
  { key: 'status', header: 'Status', cell: (r) => <StatusBadge kind="return" status={r.status} /> },
];

/**
 * The returns queue (issue 15): open returns oldest first (the longest waiting on top), or one status
 * or all of them newest first; the filter and the page are in the URL.
 */
export function ReturnQueueView() {
  const { status } = useFilterValues(['status']);
  const filter = asFilter(status);
  const { cursor } = useKeysetCursor();
  const queue = useReturnQueue(filter, cursor);

  return (
    <>
      <FilterBar
        label="Filter returns"
        fields={[
          {
            type: 'select',
            name: 'status',
            label: 'Status',
            options: RETURN_QUEUE_FILTERS.map((value) => ({
              value: value === 'open' ? '' : value,
              label: FILTER_LABELS[value],
            })),
          },
        ]}
      />
      {queue.isPending ? (
        <p className="console-returns__loading" role="status">
          Loading returns…
        </p>
      ) : queue.isError ? (
        <ConsoleError
          error={queue.error}
          title="The returns could not be loaded."
          onRetry={() => void queue.refetch()}
          retrying={queue.isFetching}
        />
      ) : (
        <>
          <DataTable
            caption={`Returns: ${FILTER_LABELS[filter]}`}
            columns={COLUMNS}
            rows={queue.data.returns}
            rowKey={(r) => r.id}
            empty={filter === 'open' ? 'No returns waiting.' : 'No returns with this status.'}
            rowLink={{
              column: 'return',
              href: (r) => paths.consoleReturn.href({ returnId: r.id }),
            }}
          />
          <KeysetPager label="Pages of returns" next={queue.data.next} busy={queue.isFetching} />
        </>
      )}
    </>
  );
}
