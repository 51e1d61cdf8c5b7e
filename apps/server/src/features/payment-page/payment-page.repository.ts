/** Every query on the payment-page monitor's runs and findings. */
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import type { Finding } from './payment-page-check.ts';

export function insertRun(db: Db, run: { id: string; url: string; startedBy: string; at: string }) {
  return db
    .insertInto('payment_page_runs')
    .values({
      id: run.id,
      url: run.url,
      started_by: run.startedBy,
      started_at: run.at,
      status: 'running',
      scripts_checked: 0,
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
    .updateTable('payment_page_runs')
    .set({
      status: outcome.status,
      finished_at: outcome.at,
      scripts_checked: outcome.checked,
      findings: outcome.findings,
      error: outcome.error ?? null,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * What a run found, in one transaction: a finding already open (or acknowledged) with the same kind,
 * subject and value is seen again, not added; a new one opens an alert; an open one this run did not
 * find is cleared (the page is back as built there).
 */
export async function saveFindings(db: Db, runId: string, findings: Finding[], at: string) {
  await db.transaction().execute(async (trx) => {
    const kept = await trx
      .selectFrom('payment_page_findings')
      .select(['id', 'kind', 'subject', 'actual', 'status'])
      .where('status', 'in', ['open', 'acknowledged'])
      .execute();
    const key = (f: { kind: string; subject: string; actual: string | null }) =>
      `${f.kind}\n${f.subject}\n${f.actual ?? ''}`;
    const byKey = new Map(kept.map((row) => [key(row), row]));
    const found = new Set<string>();
    for (const finding of findings) {
      const row = byKey.get(key(finding));
      if (row) {
        found.add(row.id);
        await trx
          .updateTable('payment_page_findings')
          .set({ run_id: runId, last_seen_at: at })
          .where('id', '=', row.id)
          .execute();
        continue;
      }
      await trx
        .insertInto('payment_page_findings')
        .values({
          id: newId('ppf'),
          run_id: runId,
          kind: finding.kind,
          subject: finding.subject.slice(0, 1000),
          expected: finding.expected?.slice(0, 4000) ?? null,
          actual: finding.actual?.slice(0, 4000) ?? null,
          detail: finding.detail,
          status: 'open',
          created_at: at,
          last_seen_at: at,
        })
        .execute();
    }
    const cleared = kept.filter((row) => row.status === 'open' && !found.has(row.id));
    if (cleared.length > 0) {
      await trx
        .updateTable('payment_page_findings')
        .set({ status: 'cleared', closed_at: at, closed_by: 'check' })
        .where(
          'id',
          'in',
          cleared.map((row) => row.id),
        )
        .execute();
    }
  });
}

/** An operator acknowledges an open alert; false when none is open by that id. */
export async function acknowledgeFinding(db: Db, id: string, by: string, at: string) {
  const result = await db
    .updateTable('payment_page_findings')
    .set({ status: 'acknowledged', closed_at: at, closed_by: by })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function listRuns(db: Db, limit: number) {
  return db
    .selectFrom('payment_page_runs')
    .selectAll()
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function listFindings(db: Db, limit: number) {
  return db
    .selectFrom('payment_page_findings')
    .selectAll()
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function findRun(db: Db, id: string) {
  return db.selectFrom('payment_page_runs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The open alerts, oldest first, and how many there are. */
export async function openAlerts(db: Db, limit: number) {
  const count = await countOpenAlerts(db);
  const oldest = await db
    .selectFrom('payment_page_findings')
    .selectAll()
    .where('status', '=', 'open')
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return { count, oldest };
}

export async function countOpenAlerts(db: Db): Promise<number> {
  const row = await db
    .selectFrom('payment_page_findings')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Runs by status and the findings they reported, ever (the metrics' counters). */
export async function runTotals(db: Db) {
  const rows = await db
    .selectFrom('payment_page_runs')
    .select((eb) => [
      'status',
      eb.fn.countAll<number | string>().as('runs'),
      eb.fn.sum<number | string | null>('findings').as('findings'),
    ])
    .where('status', '!=', 'running')
    .groupBy('status')
    .execute();
  return rows.map((r) => ({
    status: r.status,
    runs: Number(r.runs),
    findings: Number(r.findings ?? 0),
  }));
}
