import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import type { NewOutboundLabel, OutboundLabelRow } from './outbound-labels.table.ts';

type Trx = Transaction<Database>;

/** Every column but the PDF. */
const COLUMNS = [
  'id',
  'order_id',
  'attempt',
  'idempotency_key',
  'status',
  'claims',
  'provider',
  'tracking_number',
  'postage',
  'reason',
  'outcome_unknown',
  'refund',
  'operator',
  'asked_at',
  'created_at',
  'bought_at',
  'voided_at',
  'updated_at',
] as const;
export type LabelRecord = Omit<OutboundLabelRow, 'pdf'>;

/** The order's latest attempt (its label now), without the PDF. */
export function latestLabel(db: Db, orderId: string): Promise<LabelRecord | undefined> {
  return db
    .selectFrom('outbound_labels')
    .select(COLUMNS)
    .where('order_id', '=', orderId)
    .orderBy('attempt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Each order's latest attempt, by order id. */
export async function latestLabels(
  db: Db,
  orderIds: readonly string[],
): Promise<Map<string, LabelRecord>> {
  if (!orderIds.length) return new Map();
  const rows = await db
    .selectFrom('outbound_labels')
    .select(COLUMNS)
    .where('order_id', 'in', orderIds)
    .orderBy('attempt', 'asc')
    .execute();
  return new Map(rows.map((r) => [r.order_id, r]));
}

export function findLabel(db: Db, id: string): Promise<LabelRecord | undefined> {
  return db.selectFrom('outbound_labels').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findPdf(db: Db, id: string) {
  return db
    .selectFrom('outbound_labels')
    .select(['pdf', 'tracking_number'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertLabel(trx: Trx, row: NewOutboundLabel): Promise<void> {
  await trx.insertInto('outbound_labels').values(row).execute();
}

/** A purchase whose answer never came, claimed again with its key; answers the claim's number. */
export async function reclaim(
  trx: Trx,
  row: LabelRecord,
  operator: string,
  at: string,
): Promise<number> {
  const claims = row.claims + 1;
  await trx
    .updateTable('outbound_labels')
    .set({
      status: 'buying',
      claims,
      reason: null,
      outcome_unknown: 0,
      operator,
      asked_at: null,
      updated_at: at,
    })
    .where('id', '=', row.id)
    .where('status', '=', 'refused')
    .execute();
  return claims;
}

/** The provider is about to be asked for this claim (a run after a crash knows it may have been). */
export async function markAsked(db: Db, id: string, claim: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('outbound_labels')
    .set({ asked_at: at, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'buying')
    .where('claims', '=', claim)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** buying -> bought, once per claim: true for the call that settled it. */
export async function settleBought(
  trx: Trx,
  id: string,
  claim: number,
  label: { trackingNumber: string; postage: number; pdf: Uint8Array },
  at: string,
): Promise<boolean> {
  const r = await trx
    .updateTable('outbound_labels')
    .set({
      status: 'bought',
      tracking_number: label.trackingNumber,
      postage: label.postage,
      pdf: label.pdf,
      reason: null,
      bought_at: at,
      updated_at: at,
    })
    .where('id', '=', id)
    .where('status', '=', 'buying')
    .where('claims', '=', claim)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A note on a bought label (its order could not be shipped). */
export async function noteLabel(trx: Trx, id: string, reason: string, at: string) {
  await trx
    .updateTable('outbound_labels')
    .set({ reason, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** buying -> refused with the reason, once per claim. */
export async function settleRefused(
  db: Db,
  id: string,
  claim: number,
  reason: string,
  outcomeUnknown: boolean,
  at: string,
): Promise<boolean> {
  const r = await db
    .updateTable('outbound_labels')
    .set({
      status: 'refused',
      reason,
      outcome_unknown: outcomeUnknown ? 1 : 0,
      updated_at: at,
    })
    .where('id', '=', id)
    .where('status', '=', 'buying')
    .where('claims', '=', claim)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A status change from `from`, only if the label is still in it. */
export async function moveLabel(
  db: Db,
  id: string,
  from: OutboundLabelRow['status'],
  set: Partial<Pick<OutboundLabelRow, 'status' | 'reason' | 'refund' | 'voided_at'>> & {
    status: OutboundLabelRow['status'];
  },
  at: string,
): Promise<boolean> {
  const r = await db
    .updateTable('outbound_labels')
    .set({ ...set, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
