/**
 * Test helpers for the console's catalogue and settings API: bearer headers of an operator and of a
 * customer without the role, and the operator actions recorded so far.
 */
import type { TestApp } from '../../../test/test-app.ts';
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
