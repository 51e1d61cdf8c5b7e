/**
 * Test helpers for the console's catalogue and settings API: bearer headers of an operator and of a
 * customer without the role, the operator actions recorded so far, and a size's count set directly.
 */
import type { TestApp } from '../../../test/test-app.ts';
import type { Db } from '../../db/database.ts';
import { SHIRT_PRODUCT_ID } from '../../db/seed.ts';
import { customerToken, operatorToken } from '../operators/operators.factories.ts';

export async function consoleAs(t: TestApp) {
  const operator = await operatorToken(t);
  return {
    operator: operator.headers,
    operatorEmail: operator.email,
    customer: (await customerToken(t)).headers,
  };
}

export function operatorActions(t: TestApp, action?: string) {
  let query = t.database.db.selectFrom('operator_actions').selectAll().orderBy('at').orderBy('id');
  if (action) query = query.where('action', '=', action);
  return query.execute();
}

/** Sets the shirt's count of `size` straight in the table (null: not counted). */
export function setShirtStock(db: Db, size: string, stock: number | null) {
  return db
    .updateTable('inventory')
    .set({ stock })
    .where('product_id', '=', SHIRT_PRODUCT_ID)
    .where('size', '=', size)
    .execute();
}
