import type { CspReport } from '@sunward/core/console-payment-page';
import { ConsoleError } from '@/shared/console/console-error.tsx';
import { DateTime } from '@/shared/console/console-format.tsx';
import { DataTable, type Column } from '@/shared/console/data-table.tsx';
import { KeysetPager, useKeysetCursor } from '@/shared/console/keyset-pager.tsx';
import { useCspReports } from '../api/get-csp-reports.ts';
import './payment-page.css';

const COLUMNS: Column<CspReport>[] = [
  {
    key: 'blocked',
    header: 'Blocked',
    cell: (r) => (
      <>
        <strong className="payment-page__subject">{r.blockedUrl || '(none given)'}</strong>
        <span className="payment-page__muted">
          {r.directive}
          {r.disposition === 'report' ? ' (reported only)' : ''}
        </span>
        {r.sample ? <span className="payment-page__muted">Sample: {r.sample}</span> : null}
        {r.sourceFile ? (
          <span className="payment-page__muted">
            From {r.sourceFile}
            {r.lineNumber !== null ? `:${r.lineNumber}` : ''}
          </span>
        ) : null}
      </>
    ),
  },
  {
    key: 'page',
    header: 'Page',
    cell: (r) => <span className="payment-page__subject">{r.documentUrl}</span>,
  },
  { key: 'count', header: 'Count', cell: (r) => r.count, align: 'end' },
  { key: 'first', header: 'First seen', cell: (r) => <DateTime value={r.firstSeen} /> },
  { key: 'last', header: 'Last seen', cell: (r) => <DateTime value={r.lastSeen} /> },
];

/**
 * What browsers reported the shop's Content-Security-Policy blocked (a script or frame from where the
 * policy does not allow), one row per kind with how often, last seen first; kept 30 days.
 */
export function CspReportsList() {
  const { cursor } = useKeysetCursor();
  const query = useCspReports(cursor);
  if (query.isError) {
    return (
      <ConsoleError
        error={query.error}
        title="The CSP reports could not be loaded."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (!query.data) return <p className="payment-page__muted">Loading the CSP reports…</p>;
  return (
    <div className="payment-page" aria-busy={query.isFetching}>
      <p className="payment-page__muted">
        Browsers report here what the shop&apos;s Content-Security-Policy blocked: a script, frame
        or connection from an origin the policy does not allow. A report on the checkout page may be
        a skimmer injected by a browser extension or an attacker. Page addresses are kept without
        their query; a report not seen again for 30 days is deleted.
      </p>
      <DataTable
        caption="CSP reports, last seen first"
        columns={COLUMNS}
        rows={query.data.reports}
        rowKey={(r) => r.id}
        empty="No CSP report: browsers have blocked nothing."
      />
      <KeysetPager label="CSP report pages" next={query.data.next} busy={query.isFetching} />
    </div>
  );
}
