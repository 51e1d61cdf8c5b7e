import {
  PAGE_FINDING_LABELS,
  type PageCheck,
  type PageFinding,
} from '@sunward/core/console-payment-page';
import { useOneAtATime } from '@/shared/hooks/use-one-at-a-time.ts';
import { ConsoleError, errorMessage } from '@/shared/console/console-error.tsx';
import { DateTime } from '@/shared/console/console-format.tsx';
import { DataTable, type Column } from '@/shared/console/data-table.tsx';
import { useToastStore } from '@/shared/toast/toast-store.ts';
import { useAcknowledgeAlert } from '../api/acknowledge-alert.ts';
import { useCheckPaymentPage } from '../api/check-payment-page.ts';
import { usePaymentPage } from '../api/get-payment-page.ts';
import './payment-page.css';

const STATUS: Record<PageFinding['status'], string> = {
  open: 'Open',
  cleared: 'Cleared by a check',
  acknowledged: 'Acknowledged',
};
const CHECK_STATUS: Record<PageCheck['status'], string> = {
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
};

const detailId = (f: PageFinding) => `page-finding-${f.id}`;

function AcknowledgeButton({ finding }: { finding: PageFinding }) {
  const acknowledge = useAcknowledgeAlert();
  const toast = useToastStore((s) => s.show);
  return (
    <button
      type="button"
      className="btn btn--outline btn--small"
      aria-describedby={detailId(finding)}
      disabled={acknowledge.isPending}
      onClick={() =>
        acknowledge.mutate(finding.id, { onError: (error) => toast('error', errorMessage(error)) })
      }
    >
      Acknowledge
    </button>
  );
}

const FINDING_COLUMNS: Column<PageFinding>[] = [
  {
    key: 'what',
    header: 'Change',
    cell: (f) => (
      <>
        <strong>{PAGE_FINDING_LABELS[f.kind]}</strong>
        <span className="payment-page__subject">{f.subject}</span>
        <span id={detailId(f)} className="payment-page__muted">
          {f.detail}
        </span>
        {f.actual && f.actual !== f.subject ? (
          <span className="payment-page__muted">Seen: {f.actual}</span>
        ) : null}
        {f.expected ? <span className="payment-page__muted">Expected: {f.expected}</span> : null}
      </>
    ),
  },
  { key: 'found', header: 'Found', cell: (f) => <DateTime value={f.createdAt} /> },
  { key: 'seen', header: 'Last seen', cell: (f) => <DateTime value={f.lastSeenAt} /> },
  {
    key: 'status',
    header: 'Status',
    cell: (f) =>
      f.status === 'open' ? (
        <>
          <span className="payment-page__open">Open</span> <AcknowledgeButton finding={f} />
        </>
      ) : (
        <>
          {STATUS[f.status]}
          {f.closedBy && f.closedBy !== 'check' ? (
            <span className="payment-page__muted">by {f.closedBy}</span>
          ) : null}
        </>
      ),
  },
];

const CHECK_COLUMNS: Column<PageCheck>[] = [
  { key: 'started', header: 'Started', cell: (c) => <DateTime value={c.startedAt} /> },
  { key: 'by', header: 'By', cell: (c) => (c.startedBy === 'schedule' ? 'Schedule' : c.startedBy) },
  {
    key: 'status',
    header: 'Status',
    cell: (c) => (
      <>
        {CHECK_STATUS[c.status]}
        {c.error ? <span className="payment-page__muted">{c.error}</span> : null}
      </>
    ),
  },
  { key: 'scripts', header: 'Scripts checked', cell: (c) => c.scriptsChecked, align: 'end' },
  { key: 'findings', header: 'Changes', cell: (c) => c.findings, align: 'end' },
];

const every = (ms: number) =>
  ms === 0
    ? 'The scheduled check is off (PAYMENT_PAGE_CHECK_EVERY_MS=0); check it here.'
    : ms % 3_600_000 === 0
      ? `The page is checked every ${ms === 3_600_000 ? 'hour' : `${ms / 3_600_000} hours`}, and when you ask.`
      : `The page is checked every ${Math.round(ms / 60_000)} minutes, and when you ask.`;

/**
 * The payment-page monitor (PCI DSS 11.6.1): /checkout fetched as a browser gets it and compared with
 * the build's script inventory and the shop's security headers. Changes first (open ones stay on the
 * home page until a check finds the page as built or you acknowledge them), then the checks.
 */
export function PaymentPageOverview() {
  const query = usePaymentPage();
  if (query.isError) {
    return (
      <ConsoleError
        error={query.error}
        title="The payment-page monitor could not be loaded."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (!query.data) return <p className="payment-page__muted">Loading the monitor…</p>;
  const { checks, findings, openAlerts, everyMs, inventory } = query.data;
  return (
    <div className="payment-page" aria-busy={query.isFetching}>
      <p className="payment-page__muted">
        The checkout page is fetched as a browser gets it; its scripts (each with its integrity),
        the bytes of every script in the build&apos;s inventory and its security headers are
        compared with the build and the shop&apos;s settings. {every(everyMs)}
        {inventory ? '' : ' The build has no script inventory: build the storefront.'}
      </p>
      <section aria-labelledby="payment-page-findings">
        <h2 id="payment-page-findings" className="payment-page__heading">
          Changes{openAlerts > 0 ? ` (${openAlerts} open)` : ''}
        </h2>
        <DataTable
          caption="What the checks found, last seen first"
          columns={FINDING_COLUMNS}
          rows={findings}
          rowKey={(f) => f.id}
          empty="No change found: the payment page is as built."
        />
      </section>
      <section aria-labelledby="payment-page-checks">
        <h2 id="payment-page-checks" className="payment-page__heading">
          Checks
        </h2>
        <DataTable
          caption="Checks of the payment page, newest first"
          columns={CHECK_COLUMNS}
          rows={checks}
          rowKey={(c) => c.id}
          empty="No check yet."
        />
      </section>
    </div>
  );
}

/** "Check now": a check while the operator waits, then its outcome in a toast. */
export function CheckNowButton() {
  const check = useCheckPaymentPage();
  const toast = useToastStore((s) => s.show);
  const running = useOneAtATime();
  const click = () => {
    if (!running.start()) return;
    check.mutate(undefined, {
      onSettled: () => running.done(),
      onSuccess: (c) =>
        c.status === 'done'
          ? toast(
              c.findings === 0 ? 'success' : 'error',
              c.findings === 0
                ? `Checked ${c.scriptsChecked} scripts and the headers: the page is as built.`
                : `${c.findings} ${c.findings === 1 ? 'change' : 'changes'} found on the payment page.`,
            )
          : toast('error', `The check failed: ${c.error ?? 'no reason given'}`),
      onError: (error) => toast('error', errorMessage(error)),
    });
  };
  return (
    <button
      type="button"
      className="btn btn--small"
      onClick={click}
      disabled={check.isPending}
      aria-busy={check.isPending}
    >
      {check.isPending ? 'Checking…' : 'Check now'}
    </button>
  );
}
