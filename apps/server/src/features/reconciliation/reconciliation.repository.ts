/** Every query on reconciliation runs and their findings. */
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ReconciliationFindingsTable } from './reconciliation.table.ts';

export function insertRun(
  db: Db,
  run: { id: string; from: string; to: string; startedBy: string; at: string },
) {
  return db
    .insertInto('reconciliation_runs')
    .values({
      id: run.id,
      period_from: run.from,
      period_to: run.to,
      started_by: run.startedBy,
      started_at: run.at,
      status: 'running',
      payments_checked: 0,
      findings: 0,
    })
    .execute();
}

export function finishRun(
  db: Db,
  id: string,
  outcome: {
    status: 'done' | 'failed';
    at: string;
    checked: number;
    findings: number;
    error?: string;
  },
) {
  return db
    .updateTable('reconciliation_runs')
    .set({
      status: outcome.status,
      finished_at: outcome.at,
      payments_checked: outcome.checked,
      findings: outcome.findings,
      error: outcome.error ?? null,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Records a finding once per kind and payment. Found again, an open finding takes the new outcome (a
 * refund that failed before and went through now); a settled one stays as it was. True only when the
 * finding is new, so a run counts what it found, not what it found again.
 */
export async function saveFinding(
  db: Db,
  finding: Insertable<ReconciliationFindingsTable>,
): Promise<boolean> {
  const inserted = await db
    .insertInto('reconciliation_findings')
    .values(finding)
    .onConflict((oc) => oc.columns(['kind', 'payment_intent_id']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
  await db
    .updateTable('reconciliation_findings')
    .set({
      run_id: finding.run_id,
      resolution: finding.resolution,
      detail: finding.detail,
      shop_amount: finding.shop_amount ?? null,
      processor_amount: finding.processor_amount ?? null,
    })
    .where('kind', '=', finding.kind)
    .where('payment_intent_id', '=', finding.payment_intent_id)
    .where('resolution', '=', 'open')
    .execute();
  return false;
}

/**
 * The payments whose finding of `kind` is settled (not open): a run does not act on them again (a
 * charge without an order that was refunded stays refunded once).
 */
export async function settledFindings(
  db: Db,
  kind: string,
  ids: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('reconciliation_findings')
      .select('payment_intent_id')
      .where('kind', '=', kind)
      .where('resolution', '!=', 'open')
      .where('payment_intent_id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows) found.add(r.payment_intent_id);
  }
  return found;
}

/** An operator closes an open finding (looked at, dealt with); false when none is open by that id. */
export async function closeFinding(db: Db, id: string, note: string): Promise<boolean> {
  const result = await db
    .updateTable('reconciliation_findings')
    .set((eb) => ({ resolution: 'closed', detail: eb('detail', '||', ` Closed: ${note}`) }))
    .where('id', '=', id)
    .where('resolution', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function listRuns(db: Db, limit: number) {
  return db
    .selectFrom('reconciliation_runs')
    .selectAll()
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function listFindings(db: Db, limit: number) {
  return db
    .selectFrom('reconciliation_findings')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** How many findings wait for an operator. */
export async function countOpenFindings(db: Db): Promise<number> {
  const count = await db
    .selectFrom('reconciliation_findings')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('resolution', '=', 'open')
    .executeTakeFirst();
  return Number(count?.n ?? 0);
}

/** The findings an operator must look at, oldest first, and how many there are. */
export async function openFindings(db: Db, limit: number) {
  const count = await countOpenFindings(db);
  const oldest = await db
    .selectFrom('reconciliation_findings')
    .selectAll()
    .where('resolution', '=', 'open')
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return { count, oldest };
}

export function findRun(db: Db, id: string) {
  return db.selectFrom('reconciliation_runs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** When the last run finished well, or null. */
export async function lastDoneAt(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('reconciliation_runs')
    .select((eb) => eb.fn.max('finished_at').as('at'))
    .where('status', '=', 'done')
    .executeTakeFirst();
  return (row?.at as string | null | undefined) ?? null;
}
