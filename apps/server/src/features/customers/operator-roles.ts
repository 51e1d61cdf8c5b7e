/**
 * Granting and revoking the operators' role from the command line (`npm run admin -- grant <email>` /
 * `revoke <email>`, issue 15). The role lives on the customer with that verified email (or, when none
 * is verified, the one customer with that email); a grant before the person has ever signed in is
 * refused with what to do. A revoke takes effect on their next request (the role is read every time),
 * but ADMIN_EMAILS grants it again at their next sign-in: take the email off that list too.
 */
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/ids.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { ADMIN_ROLE, rolesOf } from './customers.service.ts';
import * as repo from './customers.repository.ts';

export type RoleChangeFailure = Failure<'not_found' | 'ambiguous'>;

export async function setOperatorRole(
  db: Db,
  emailInput: string,
  grant: boolean,
): Promise<Result<{ email: string; changed: boolean }, RoleChangeFailure>> {
  const email = emailInput.trim().toLowerCase();
  const verified = await repo.findVerifiedByEmail(db, email);
  const candidates = verified ? [verified] : await repo.findByEmail(db, email);
  if (candidates.length === 0) {
    return fail(
      'not_found',
      `No customer has the email ${email}. They must sign in to the shop once (creating an account), then run this again.`,
    );
  }
  if (candidates.length > 1) {
    return fail(
      'ambiguous',
      `${candidates.length} unverified customers have the email ${email}. Verify the email by signing in once, then run this again.`,
    );
  }
  const customer = candidates[0]!;
  const roles = rolesOf(customer);
  const has = roles.includes(ADMIN_ROLE);
  if (has === grant) return ok({ email, changed: false });
  const next = grant ? [...roles, ADMIN_ROLE] : roles.filter((r) => r !== ADMIN_ROLE);
  await repo.updateCustomer(db, customer.id, { roles: JSON.stringify(next) }, nowIso());
  return ok({ email, changed: true });
}
