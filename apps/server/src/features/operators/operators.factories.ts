/**
 * Test factories for the console's API: bearer headers of an operator (a verified email in the app's
 * ADMIN_EMAILS, so its customer gets the admin role on its first request) and of a plain customer, and
 * the operator actions recorded so far.
 */
import type { TestApp } from '../../../test/test-app.ts';
import { mintToken } from '../customers/customers.factories.ts';

/** The email `createTestApp(kind, { adminEmails: [OPERATOR_EMAIL] })` makes an operator. */
export const OPERATOR_EMAIL = 'boss@example.com';

export async function bearer(t: TestApp, email: string, name = 'Pat Operator') {
  const token = await mintToken(t.database.db, t.baseUrl, {
    claims: { email, name, sub: `sub-${email}` },
  });
  return { authorization: `Bearer ${token}` };
}

/** Headers for the operator (OPERATOR_EMAIL) and for a customer without the role. */
export async function consoleHeaders(t: TestApp) {
  return {
    operator: await bearer(t, OPERATOR_EMAIL),
    customer: await bearer(t, 'shopper@example.com', 'Sam Shopper'),
  };
}

export function operatorActions(t: TestApp, action?: string) {
  let query = t.database.db.selectFrom('operator_actions').selectAll().orderBy('at').orderBy('id');
  if (action) query = query.where('action', '=', action);
  return query.execute();
}
