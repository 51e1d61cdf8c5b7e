import type { Insertable, Transaction, Updateable } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import { losableWrite } from '../../db/relaxed-commit.ts';
import type { SandboxPaymentIntentsTable } from './payments.table.ts';

/**
 * A new intent may be lost to a power cut (db/relaxed-commit.ts `losableWrite`): nothing is paid yet,
 * and the checkout that records it, written next, waits for the disk and makes it durable too.
 */
export function insertIntent(db: Db, row: Insertable<SandboxPaymentIntentsTable>) {
  return losableWrite(db, (executor) =>
    executor
      .insertInto('sandbox_payment_intents')
      .values(row)
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .execute(),
  );
}

export function findIntent(db: Db, id: string) {
  return db
    .selectFrom('sandbox_payment_intents')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findIntentByIdempotencyKey(db: Db, key: string) {
  return db
    .selectFrom('sandbox_payment_intents')
    .selectAll()
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export function findIntentByChallengeToken(db: Db, token: string) {
  return db
    .selectFrom('sandbox_payment_intents')
    .selectAll()
    .where('challenge_token', '=', token)
    .executeTakeFirst();
}

/**
 * A guarded update: only applies when the intent is still in one of `fromStatuses`. Answers the row as
 * it is after the change, read by the same statement, or undefined when it did not apply.
 */
export function updateIntentIf(
  db: Db,
  id: string,
  fromStatuses: readonly string[],
  changes: Updateable<SandboxPaymentIntentsTable>,
) {
  return db
    .updateTable('sandbox_payment_intents')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', fromStatuses)
    .returningAll()
    .executeTakeFirst();
}

/** Holds the intent's row until the caller's transaction ends (a no-op update). */
export async function lockIntent(trx: Transaction<Database>, id: string) {
  await trx
    .updateTable('sandbox_payment_intents')
    .set((eb) => ({ amount_refunded: eb.ref('amount_refunded') }))
    .where('id', '=', id)
    .execute();
}

export function findRefundByIdempotencyKey(db: Db, key: string) {
  return db
    .selectFrom('sandbox_refunds')
    .selectAll()
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/**
 * Records a refund and raises amount_refunded, only if it stays within the amount paid. Two writes that
 * belong together: in the caller's transaction, so a shop can record its own side (the order's refund,
 * an order event) in the same one.
 */
export async function recordRefund(
  trx: Transaction<Database>,
  refund: {
    id: string;
    paymentIntentId: string;
    amount: number;
    reason: string | null;
    key: string;
    at: string;
  },
): Promise<boolean> {
  const raised = await trx
    .updateTable('sandbox_payment_intents')
    .set((eb) => ({
      amount_refunded: eb('amount_refunded', '+', refund.amount),
      updated_at: refund.at,
    }))
    .where('id', '=', refund.paymentIntentId)
    .where('status', '=', 'succeeded')
    .where((eb) => eb(eb('amount_refunded', '+', refund.amount), '<=', eb.ref('amount')))
    .executeTakeFirst();
  if (Number(raised.numUpdatedRows) !== 1) return false;
  await trx
    .insertInto('sandbox_refunds')
    .values({
      id: refund.id,
      payment_intent_id: refund.paymentIntentId,
      amount: refund.amount,
      reason: refund.reason,
      idempotency_key: refund.key,
      created_at: refund.at,
    })
    .execute();
  return true;
}

/** The intents created in [from, to), oldest first. */
export function listIntentsCreated(db: Db, from: string, to: string) {
  return db
    .selectFrom('sandbox_payment_intents')
    .select(['id', 'status', 'amount', 'amount_refunded', 'created_at'])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
