/**
 * Operators and customers for API tests: a bearer token for a new customer, and one for a new
 * operator (a customer granted the role as `npm run admin -- grant` does).
 */
import type { TestApp } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import { mintToken } from '../customers/customers.factories.ts';
import { resolveCustomer } from '../customers/customers.service.ts';
import { setOperatorRole } from '../customers/operator-roles.ts';

export interface Person {
  token: string;
  email: string;
  name: string;
  customerId: string;
  headers: { authorization: string };
}

/** A signed-in customer with a verified email (their customer row exists). */
export async function customerToken(
  t: Pick<TestApp, 'database' | 'baseUrl'>,
  name = 'Casey Customer',
): Promise<Person> {
  const sub = newId('acct');
  const email = `${name.split(' ')[0]!.toLowerCase()}.${sub}@example.com`.toLowerCase();
  const token = await mintToken(t.database.db, t.baseUrl, {
    claims: { sub, email, email_verified: true, name },
  });
  const customer = await resolveCustomer(
    t.database.db,
    { issuer: `${t.baseUrl}/oidc`, subject: sub, email, emailVerified: true, name },
    { adminEmails: [] },
  );
  return {
    token,
    email,
    name,
    customerId: customer.row.id,
    headers: { authorization: `Bearer ${token}` },
  };
}

/** A signed-in operator. */
export async function operatorToken(
  t: Pick<TestApp, 'database' | 'baseUrl'>,
  name = 'Olivia Operator',
): Promise<Person> {
  const person = await customerToken(t, name);
  const granted = await setOperatorRole(t.database.db, person.email, true);
  if (!granted.ok) throw new Error(granted.message);
  return person;
}
