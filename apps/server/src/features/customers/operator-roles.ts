/**
 * Granting and revoking the operators' role from the command line (`npm run admin -- grant <email>` /
 * `revoke <email>`, issue 15). The role lives on the customer whose email is verified: operator rights
 * come only from a proven address (issue 23), so a grant before the person has signed in with that
 * email verified is refused with what to do. A revoke takes effect on their next request (the role is
 * read every time) and wins over ADMIN_EMAILS until the email is granted again.
 */
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/ids.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { ADMIN_ROLE, revokedRolesOf, rolesOf } from './customers.service.ts';
import * as repo from './customers.repository.ts';

export type RoleChangeFailure = Failure<'not_found' | 'not_verified'>;

export async function setOperatorRole(
  db: Db,
  emailInput: string,
  grant: boolean,
): Promise<Result<{ email: string; changed: boolean }, RoleChangeFailure>> {
  const email = emailInput.trim().toLowerCase();
  const customer = await repo.findVerifiedByEmail(db, email);
  if (!customer) {
    const unverified = await repo.findByEmail(db, email);
    if (unverified.length === 0) {
      return fail(
        'not_found',
        `No customer has the email ${email}. They must sign in to the shop once (creating an account), then run this again.`,
      );
    }
    return fail(
      'not_verified',
      `Nobody has proven the email ${email} yet. Operator rights need a verified email: the person must confirm it (the link in the email the shop sent them) and sign in once, then run this again.`,
    );
  }
  const roles = rolesOf(customer);
  const revoked = revokedRolesOf(customer);
  const has = roles.includes(ADMIN_ROLE);
  const nextRoles = grant
    ? [...new Set([...roles, ADMIN_ROLE])]
    : roles.filter((r) => r !== ADMIN_ROLE);
  const nextRevoked = grant
    ? revoked.filter((r) => r !== ADMIN_ROLE)
    : [...new Set([...revoked, ADMIN_ROLE])];
  const changed = has !== grant;
  if (!changed && nextRevoked.length === revoked.length) return ok({ email, changed: false });
  await repo.updateCustomer(
    db,
    customer.id,
    { roles: JSON.stringify(nextRoles), revoked_roles: JSON.stringify(nextRevoked) },
    nowIso(),
  );
  return ok({ email, changed });
}
