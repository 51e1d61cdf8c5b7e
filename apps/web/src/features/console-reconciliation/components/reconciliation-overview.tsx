import { Link } from 'react-router';
import {
  FINDING_KIND_LABELS,
  type ReconciliationFinding,
  type ReconciliationRun,
} from '@sunward/core/console-reconciliation';
import { useOneAtATime } from '@/shared/hooks/use-one-at-a-time.ts';
import { ConsoleError, errorMessage } from '@/shared/console/console-error.tsx';
import { DateTime, Money } from '@/shared/console/console-format.tsx';
import { DataTable, type Column } from '@/shared/console/data-table.tsx';
import { paths } from '@/shared/paths.ts';
import { useToastStore } from '@/shared/toast/toast-store.ts';
import { useReconciliation } from '../api/get-reconciliation.ts';
import { useRunReconciliation } from '../api/run-reconciliation.ts';
import { CloseFindingForm } from './close-finding-form.tsx';
import './reconciliation.css';

const RESOLUTIONS: Record<ReconciliationFinding['resolution'], string> = {
  open: 'Open',
  order_recorded: 'Order recorded',
  refunded: 'Refunded',
  closed: 'Closed',
};

const RUN_STATUS: Record<ReconciliationRun['status'], string> = {
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
};

const detailId = (f: ReconciliationFinding) => `finding-${f.id}`;

const FINDING_COLUMNS: Column<ReconciliationFinding>[] = [
  {
    key: 'what',
    header: 'Finding',
    cell: (f) => (
      <>
        <strong>{FINDING_KIND_LABELS[f.kind]}</strong>
        <span id={detailId(f)} className="reconciliation-muted">
          {f.detail}
        </span>
        <span className="reconciliation-muted">Payment {f.paymentIntentId}</span>
      </>
    ),
  },
  {
    key: 'order',
    header: 'Order',
    cell: (f) =>
      f.orderNumber ? (
        <Link to={paths.consoleOrder.href({ orderNumber: f.orderNumber })}>{f.orderNumber}</Link>
      ) : (
        '—'
      ),
  },
  {
    key: 'amounts',
    header: 'Shop / processor',
    cell: (f) =>
      f.shopAmount === null && f.processorAmount === null ? (
        '—'
      ) : (
        <>
          {f.shopAmount === null ? '—' : <Money cents={f.shopAmount} />} /{' '}
          {f.processorAmount === null ? '—' : <Money cents={f.processorAmount} />}
        </>
      ),
  },
  { key: 'found', header: 'Found', cell: (f) => <DateTime value={f.createdAt} /> },
  {
    key: 'resolution',
    header: 'Outcome',
    cell: (f) =>
      f.resolution === 'open' ? (
        <>
          <span className="reconciliation-open">Open</span>
          <CloseFindingForm finding={f} describedBy={detailId(f)} />
        </>
      ) : (
        RESOLUTIONS[f.resolution]
      ),
  },
];

const RUN_COLUMNS: Column<ReconciliationRun>[] = [
  { key: 'started', header: 'Started', cell: (r) => <DateTime value={r.startedAt} /> },
  {
    key: 'by',
    header: 'By',
    cell: (r) => (r.startedBy === 'schedule' ? 'Daily run' : r.startedBy),
  },
  {
    key: 'period',
    header: 'Payments from',
    cell: (r) => (
      <>
        <DateTime value={r.periodFrom} /> to <DateTime value={r.periodTo} />
      </>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (r) => (
      <>
        {RUN_STATUS[r.status]}
        {r.error ? <span className="reconciliation-muted">{r.error}</span> : null}
      </>
    ),
  },
  { key: 'checked', header: 'Checked', cell: (r) => r.paymentsChecked, align: 'end' },
  { key: 'findings', header: 'Findings', cell: (r) => r.findings, align: 'end' },
];

/**
 * Reconciliation: the processor's payments against the shop's orders, daily and on demand. What each
 * run found, newest first (the open ones for an operator to deal with), then the runs.
 */
export function ReconciliationOverview() {
  const query = useReconciliation();
  if (query.isError) {
    return (
      <ConsoleError
        error={query.error}
        title="Reconciliation could not be loaded."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (!query.data) return <p className="reconciliation-muted">Loading reconciliation…</p>;
  const { runs, findings, openFindings, lastDoneAt } = query.data;
  return (
    <div className="reconciliation" aria-busy={query.isFetching}>
      <p className="reconciliation-muted">
        Every day, and when you ask, the payments of the last three days are compared with the
        orders. A payment over an hour old without an order gets its order recorded from its
        checkout, or is refunded when no checkout of the shop&apos;s made it. Amounts and refunds
        that differ stay open here and on the home page until you close them.{' '}
        {lastDoneAt ? (
          <>
            Last run finished <DateTime value={lastDoneAt} />.
          </>
        ) : (
          'No run has finished yet.'
        )}
      </p>
      <section aria-labelledby="reconciliation-findings">
        <h2 id="reconciliation-findings" className="reconciliation-heading">
          Findings{openFindings > 0 ? ` (${openFindings} open)` : ''}
        </h2>
        <DataTable
          caption="What reconciliation found, newest first"
          columns={FINDING_COLUMNS}
          rows={findings}
          rowKey={(f) => f.id}
          empty="Nothing found: every payment has its order, and the amounts agree."
        />
      </section>
      <section aria-labelledby="reconciliation-runs">
        <h2 id="reconciliation-runs" className="reconciliation-heading">
          Runs
        </h2>
        <DataTable
          caption="Reconciliation runs, newest first"
          columns={RUN_COLUMNS}
          rows={runs}
          rowKey={(r) => r.id}
          empty="No run yet."
        />
      </section>
    </div>
  );
}

/**
 * "Reconcile now": a run while the operator waits, then its outcome in a toast; one run per click,
 * however fast the clicks come.
 */
export function ReconcileNowButton() {
  const run = useRunReconciliation();
  const toast = useToastStore((s) => s.show);
  const running = useOneAtATime();
  const click = () => {
    if (!running.start()) return;
    run.mutate(undefined, {
      onSettled: () => running.done(),
      onSuccess: (r) =>
        r.status === 'done'
          ? toast(
              'success',
              `Reconciled ${r.paymentsChecked} ${r.paymentsChecked === 1 ? 'payment' : 'payments'}: ${r.findings === 0 ? 'nothing new found' : `${r.findings} found`}.`,
            )
          : toast('error', `Reconciliation failed: ${r.error ?? 'no reason given'}`),
      onError: (error) => toast('error', errorMessage(error)),
    });
  };
  return (
    <button
      type="button"
      className="btn btn--small"
      onClick={click}
      disabled={run.isPending}
      aria-busy={run.isPending}
    >
      {run.isPending ? 'Reconciling…' : 'Reconcile now'}
    </button>
  );
}
