/** The console's payment-page screens: the monitor's overview, "Check now", acknowledging an alert. */
import type {
  CspReport,
  PageCheck,
  PageFinding,
  PaymentPageOverview,
} from '@sunward/core/console-payment-page';
import type { Db } from '../../db/database.ts';
import { decodeCursor, nextCursor } from '../../lib/keyset.ts';
import { nowIso } from '../../lib/ids.ts';
import { type Operator, recordOperatorAction } from '../operators/operators.api.ts';
import { listReports } from './csp-reports.repository.ts';
import type {
  CspReportRow,
  PaymentPageFindingRow,
  PaymentPageRunRow,
} from './payment-page.table.ts';
import * as repo from './payment-page.repository.ts';
import { checkPaymentPage, type CheckDeps } from './payment-page.service.ts';

const RUNS_SHOWN = 20;
const FINDINGS_SHOWN = 100;

const checkView = (r: PaymentPageRunRow): PageCheck => ({
  id: r.id,
  url: r.url,
  startedBy: r.started_by,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
  status: r.status as PageCheck['status'],
  scriptsChecked: r.scripts_checked,
  findings: r.findings,
  error: r.error,
});

export const findingView = (f: PaymentPageFindingRow): PageFinding => ({
  id: f.id,
  runId: f.run_id,
  kind: f.kind as PageFinding['kind'],
  subject: f.subject,
  expected: f.expected,
  actual: f.actual,
  detail: f.detail,
  status: f.status as PageFinding['status'],
  createdAt: f.created_at,
  lastSeenAt: f.last_seen_at,
  closedAt: f.closed_at,
  closedBy: f.closed_by,
});

export async function overview(
  db: Db,
  options: { inventory: boolean; everyMs: number },
): Promise<PaymentPageOverview> {
  return {
    ...options,
    openAlerts: await repo.countOpenAlerts(db),
    checks: (await repo.listRuns(db, RUNS_SHOWN)).map(checkView),
    findings: (await repo.listFindings(db, FINDINGS_SHOWN)).map(findingView),
  };
}

/** "Check now": one check while the operator waits, recorded as theirs. */
export async function checkNow(db: Db, deps: CheckDeps, operator: Operator): Promise<PageCheck> {
  const run = await checkPaymentPage(db, deps, operator.email);
  await recordOperatorAction(db, operator, {
    action: 'payment-page.check',
    targetType: 'payment-page-check',
    targetId: run.id,
    detail: { status: run.status, findings: run.findings.length },
  });
  const row = await repo.findRun(db, run.id);
  if (!row) throw new Error(`Payment-page check ${run.id} vanished`);
  return checkView(row);
}

export async function acknowledge(db: Db, operator: Operator, id: string): Promise<boolean> {
  if (!(await repo.acknowledgeFinding(db, id, operator.email, nowIso()))) return false;
  await recordOperatorAction(db, operator, {
    action: 'payment-page.acknowledge',
    targetType: 'payment-page-finding',
    targetId: id,
    detail: {},
  });
  return true;
}

const reportView = (r: CspReportRow): CspReport => ({
  id: r.id,
  directive: r.directive,
  blockedUrl: r.blocked_url,
  documentUrl: r.document_url,
  disposition: r.disposition,
  sourceFile: r.source_file,
  lineNumber: r.line_number,
  sample: r.sample,
  userAgent: r.user_agent,
  count: r.count,
  firstSeen: r.first_seen,
  lastSeen: r.last_seen,
});

export async function cspReports(db: Db, query: { after?: string; limit: number }) {
  const rows = await listReports(db, { after: decodeCursor(query.after), limit: query.limit });
  return {
    reports: rows.map(reportView),
    next: nextCursor(rows, query.limit, (r) => ({ at: r.last_seen, id: r.id })),
  };
}
