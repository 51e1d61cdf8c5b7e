/**
 * Operators' notes on an order (issue 15): appended with who and when, and recorded as an operator
 * action in the same transaction. A note sent with an idempotency key is written once however often it
 * is sent (a double click, a retry after a lost answer): the unique key decides between racing sends.
 */
import type { ConsoleOrderNote } from '@sunward/core/console-orders';
import type { Db } from '../../db/database.ts';
import { newId, normalizeOrderNumber, nowIso } from '../../lib/ids.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { type Operator, recordOperatorAction } from '../operators/operators.api.ts';
import * as admin from './admin-orders.repository.ts';
import * as orders from '../orders/orders.api.ts';
import type { OrderNoteRow } from './order-notes.table.ts';

export type NoteFailure = Failure<'not_found' | 'key_reused'>;

const view = (row: OrderNoteRow): ConsoleOrderNote => ({
  id: row.id,
  at: row.at,
  operatorEmail: row.operator_email,
  body: row.body,
});

/** Adds `body` to order `orderNumber`'s notes; answers the note and whether this call wrote it. */
export async function addOrderNote(
  db: Db,
  operator: Operator,
  orderNumber: string,
  input: { body: string; idempotencyKey?: string | undefined },
): Promise<Result<{ note: ConsoleOrderNote; created: boolean }, NoteFailure>> {
  const order = await orders.findOrderByNumber(db, normalizeOrderNumber(orderNumber));
  if (!order) return fail('not_found', `There is no order ${orderNumber}.`);
  const key = input.idempotencyKey ?? null;
  const row: OrderNoteRow = {
    id: newId('onote'),
    order_id: order.id,
    at: nowIso(),
    operator_id: operator.customerId,
    operator_email: operator.email,
    body: input.body,
    idempotency_key: key,
  };
  const created = await db.transaction().execute(async (trx) => {
    if (!(await admin.insertNote(trx, row))) return false;
    await recordOperatorAction(trx, operator, {
      action: 'order.note',
      targetType: 'order',
      targetId: order.order_number,
      detail: { noteId: row.id },
      at: row.at,
    });
    return true;
  });
  if (created) return ok({ note: view(row), created });
  const earlier = key ? await admin.findNoteByKey(db, key) : undefined;
  if (!earlier) throw new Error('A note was neither written nor found by its key');
  if (earlier.order_id !== order.id) {
    return fail('key_reused', 'This idempotency key was used for a note on another order.');
  }
  return ok({ note: view(earlier), created: false });
}
