import { useSearchParams } from 'react-router';
import { EMAIL_STATUSES, type EmailStatus, type EmailSummary } from '@sunward/core/console-outbox';
import { ConsoleError } from '@/shared/console/console-error.tsx';
import { DateTime } from '@/shared/console/console-format.tsx';
import { DataTable, type Column } from '@/shared/console/data-table.tsx';
import { FilterBar, useFilterValues } from '@/shared/console/filter-bar.tsx';
import { KeysetPager, useKeysetCursor } from '@/shared/console/keyset-pager.tsx';
import { statusLook, StatusBadge } from '@/shared/console/status-badge.tsx';
import { Modal } from '@/shared/ui/modal.tsx';
import { useEmail } from '../api/get-email.ts';
import { useEmails } from '../api/get-emails.ts';
import { EmailDetailView } from './email-detail.tsx';
import './outbox.css';

/** The URL parameter of the email shown over the list. */
export const EMAIL_PARAM = 'email';

const COLUMNS: Column<EmailSummary>[] = [
  { key: 'subject', header: 'Subject', cell: (e) => e.subject },
  { key: 'to', header: 'To', cell: (e) => e.to || 'Erased' },
  { key: 'kind', header: 'Kind', cell: (e) => e.kind },
  { key: 'queued', header: 'Queued', cell: (e) => <DateTime value={e.createdAt} /> },
  { key: 'status', header: 'Status', cell: (e) => <StatusBadge kind="email" status={e.status} /> },
  { key: 'attempts', header: 'Attempts', cell: (e) => e.attempts, align: 'end' },
];

const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  ...EMAIL_STATUSES.map((s) => ({ value: s, label: statusLook('email', s).label })),
];

/**
 * The outbox: every email newest first, by status and by address or subject; a row opens the email
 * over the list (its id in the URL, so it can be linked to and Back closes it).
 */
export function EmailList() {
  const filters = useFilterValues(['status', 'q']);
  const [params] = useSearchParams();
  const { cursor } = useKeysetCursor();
  const status = (EMAIL_STATUSES as readonly string[]).includes(filters.status)
    ? (filters.status as EmailStatus)
    : undefined;
  const query = useEmails({ status, q: filters.q, after: cursor });
  const open = params.get(EMAIL_PARAM);
  const hrefOf = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set(EMAIL_PARAM, id);
    else next.delete(EMAIL_PARAM);
    const search = next.toString();
    return search ? `?${search}` : '?';
  };

  return (
    <section aria-busy={query.isFetching} className="outbox-section">
      <FilterBar
        label="Filter emails"
        resetParams={['before', EMAIL_PARAM]}
        fields={[
          { type: 'select', name: 'status', label: 'Status', options: STATUS_OPTIONS },
          { type: 'search', name: 'q', label: 'Address or subject' },
        ]}
      />
      {query.isError ? (
        <ConsoleError
          error={query.error}
          title="The outbox could not be loaded."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data ? (
        <>
          <DataTable
            caption="Emails"
            columns={COLUMNS}
            rows={query.data.emails}
            rowKey={(e) => e.id}
            rowLink={{ column: 'subject', href: (e) => hrefOf(e.id) }}
            empty={status || filters.q ? 'No emails match.' : 'No emails yet.'}
          />
          <KeysetPager label="Email pages" next={query.data.next} busy={query.isFetching} />
        </>
      ) : (
        <p className="outbox-muted">Loading the outbox…</p>
      )}
      <EmailDialog id={open} closeHref={hrefOf(null)} hrefOf={hrefOf} />
    </section>
  );
}

/** The email over the list, titled with its subject once it has loaded. */
function EmailDialog({
  id,
  closeHref,
  hrefOf,
}: {
  id: string | null;
  closeHref: string;
  hrefOf: (id: string) => string;
}) {
  const [, setParams] = useSearchParams();
  const title = useEmail(id).data?.subject ?? 'Email';
  return (
    <Modal
      open={id !== null}
      size="lg"
      title={title}
      onClose={() => setParams(new URLSearchParams(closeHref.slice(1)))}
    >
      {id ? <EmailDetailView id={id} hrefOf={hrefOf} /> : null}
    </Modal>
  );
}
