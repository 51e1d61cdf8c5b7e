import type { SupportMessageSummary, SupportStatus } from '@sunward/core/console-inbox';
import { SUPPORT_STATUSES } from '@sunward/core/console-inbox';
import { ConsoleError } from '@/shared/console/console-error.tsx';
import { DateTime } from '@/shared/console/console-format.tsx';
import { DataTable, type Column } from '@/shared/console/data-table.tsx';
import { FilterBar, useFilterValues } from '@/shared/console/filter-bar.tsx';
import { KeysetPager, useKeysetCursor } from '@/shared/console/keyset-pager.tsx';
import { paths } from '@/shared/paths.ts';
import { useSupportMessages } from '../api/get-support-messages.ts';
import { SupportStatusBadge } from './inbox-badges.tsx';
import './inbox.css';

const COLUMNS: Column<SupportMessageSummary>[] = [
  {
    key: 'message',
    header: 'Message',
    cell: (m) =>
      m.erased ? (
        <span className="inbox-muted">Erased</span>
      ) : (
        <span className="inbox-excerpt">{m.excerpt}</span>
      ),
  },
  {
    key: 'from',
    header: 'From',
    cell: (m) => m.email ?? <span className="inbox-muted">No address given</span>,
  },
  { key: 'order', header: 'Order', cell: (m) => m.orderNumber ?? '—' },
  { key: 'received', header: 'Received', cell: (m) => <DateTime value={m.createdAt} /> },
  { key: 'replies', header: 'Replies', cell: (m) => m.replyCount, align: 'end' },
  { key: 'status', header: 'Status', cell: (m) => <SupportStatusBadge status={m.status} /> },
];

const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  ...SUPPORT_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) })),
];

/**
 * The support messages: filtered by status, newest first or oldest first (with Open, the queue to
 * work through), a page at a time; each row opens the message.
 */
export function SupportList() {
  const filters = useFilterValues(['status', 'sort']);
  const { cursor } = useKeysetCursor();
  const status = (SUPPORT_STATUSES as readonly string[]).includes(filters.status)
    ? (filters.status as SupportStatus)
    : undefined;
  const query = useSupportMessages({
    status,
    sort: filters.sort === 'oldest' ? 'oldest' : 'newest',
    after: cursor,
  });

  return (
    <section
      aria-labelledby="support-list-title"
      aria-busy={query.isFetching}
      className="inbox-section"
    >
      <h2 id="support-list-title" className="visually-hidden">
        Support messages
      </h2>
      <FilterBar
        label="Filter support messages"
        fields={[
          { type: 'select', name: 'status', label: 'Status', options: STATUS_OPTIONS },
          {
            type: 'select',
            name: 'sort',
            label: 'Sort',
            options: [
              { value: '', label: 'Newest first' },
              { value: 'oldest', label: 'Oldest first' },
            ],
          },
        ]}
      />
      {query.isError ? (
        <ConsoleError
          error={query.error}
          title="The support messages could not be loaded."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data ? (
        <>
          <DataTable
            caption="Support messages"
            columns={COLUMNS}
            rows={query.data.messages}
            rowKey={(m) => m.id}
            rowLink={{
              column: 'message',
              href: (m) => paths.consoleSupportMessage.href({ id: m.id }),
            }}
            empty={status || cursor ? 'No support messages match.' : 'No support messages yet.'}
          />
          <KeysetPager
            label="Support message pages"
            next={query.data.next}
            busy={query.isFetching}
          />
        </>
      ) : (
        <p className="inbox-muted">Loading support messages…</p>
      )}
    </section>
  );
}
