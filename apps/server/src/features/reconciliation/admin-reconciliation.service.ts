/** The console's reconciliation: its overview, "Reconcile now", and closing an open finding. */
import type {
  ReconciliationFinding,
  ReconciliationOverview,
  ReconciliationRun,
} from '@sunward/core/console-reconciliation';
import type { Db } from '../../db/database.ts';
import { type Operator, recordOperatorAction } from '../operators/operators.api.ts';
import * as repo from './reconciliation.repository.ts';
import { reconcile, type ReconcileDeps } from './reconciliation.service.ts';
import type { ReconciliationFindingRow, ReconciliationRunRow } from './reconciliation.table.ts';

const RUNS_SHOWN = 20;
const FINDINGS_SHOWN = 100;

export function runView(r: ReconciliationRunRow): ReconciliationRun {
  return {
    id: r.id,
    periodFrom: r.period_from,
    periodTo: r.period_to,
    startedBy: r.started_by,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    status: r.status as ReconciliationRun['status'],
    paymentsChecked: r.payments_checked,
    findings: r.findings,
    error: r.error,
  };
}

export function findingView(f: ReconciliationFindingRow): ReconciliationFinding {
  return {
    id: f.id,
    runId: f.run_id,
    kind: f.kind as ReconciliationFinding['kind'],
    paymentIntentId: f.payment_intent_id,
    orderNumber: f.order_number,
    shopAmount: f.shop_amount,
    processorAmount: f.processor_amount,
    resolution: f.resolution as ReconciliationFinding['resolution'],
    detail: f.detail,
    createdAt: f.created_at,
  };
}

export async function overview(db: Db): Promise<ReconciliationOverview> {
  const runs = await repo.listRuns(db, RUNS_SHOWN);
  const findings = await repo.listFindings(db, FINDINGS_SHOWN);
  return {
    lastDoneAt: await repo.lastDoneAt(db),
    openFindings: await repo.countOpenFindings(db),
    runs: runs.map(runView),
    findings: findings.map(findingView),
  };
}

/** "Reconcile now": one run while the operator waits, recorded as theirs. */
export async function runNow(
  db: Db,
  deps: ReconcileDeps,
  operator: Operator,
): Promise<ReconciliationRun> {
  const run = await reconcile(db, deps, { startedBy: operator.email });
  await recordOperatorAction(db, operator, {
    action: 'reconciliation.run',
    targetType: 'reconciliation',
    targetId: run.id,
    detail: { status: run.status, findings: run.findings },
  });
  const row = await repo.findRun(db, run.id);
  if (!row) throw new Error(`Reconciliation run ${run.id} vanished`);
  return runView(row);
}

export async function closeOpenFinding(
  db: Db,
  operator: Operator,
  id: string,
  note: string,
): Promise<boolean> {
  if (!(await repo.closeFinding(db, id, note))) return false;
  await recordOperatorAction(db, operator, {
    action: 'reconciliation.close-finding',
    targetType: 'reconciliation-finding',
    targetId: id,
    detail: { note },
  });
  return true;
}
