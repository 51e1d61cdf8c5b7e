/**
 * Customers keyed by issuer + subject (issue 12, part 3; docs/decisions/014).
 *
 * The linking rule: a verified email belongs to one customer. An identity whose issuer says its email is
 * verified reaches the customer with that verified email (linked on its first request, or moved there
 * when its email becomes verified later); an identity with no verified email gets a customer of its
 * own, never someone else's, so signing up elsewhere with another person's address gains nothing. A
 * customer's user id is the subject of its oldest identity (as Auth0 keeps the primary user's id when
 * it links accounts); any subject linked to the customer, or the customer's id, names it too.
 *
 * Guest orders placed with the verified email are claimed whenever the customer is resolved with it.
 */
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { CustomerRecord } from '@sunward/core/schemas';
import type { Db } from '../../db/database.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { claimGuestOrders } from './guest-order-claims.ts';
import type { AuthUser } from './auth-user.ts';
import type { CustomerRow, CustomersTable } from './customers.table.ts';
import * as repo from './customers.repository.ts';

/** The token's user, as the features that find the caller's customer through here name it. */
export type { AuthUser };

export const ADMIN_ROLE = 'admin';

export interface CustomerOptions {
  /** ADMIN_EMAILS (lowercase): a customer with one of these emails, verified, gets the admin role. */
  adminEmails: readonly string[];
}

export interface ResolvedCustomer {
  row: CustomerRow;
  /** The customer's user id: the subject of its oldest identity. */
  userId: string;
  /** Every subject linked to the customer. */
  subjects: string[];
  /** Guest orders claimed by this call. */
  claimed: number;
}

const normalizeEmail = (email: string | undefined) => (email ?? '').trim().toLowerCase();

/** Auth0's subjects name their connection (`auth0|…`, `email|…`, `google-oauth2|…`); ours are passwords. */
const connectionOf = (subject: string) =>
  subject.includes('|') ? subject.slice(0, subject.indexOf('|')) : 'password';

function roleList(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
}

export function rolesOf(row: Pick<CustomersTable, 'roles'>): string[] {
  return roleList(row.roles);
}

/** Roles taken away by `npm run admin -- revoke`: ADMIN_EMAILS does not give them back. */
export function revokedRolesOf(row: Pick<CustomerRow, 'revoked_roles'>): string[] {
  return roleList(row.revoked_roles);
}

/**
 * The customer of the token's user: found by issuer + subject, linked or moved by verified email,
 * created on the first request; its email, verification, name and roles brought up to date; guest
 * orders with its verified email claimed. Safe against concurrent first requests (the unique keys
 * decide, the loser reads again).
 */
export async function resolveCustomer(
  db: Db,
  user: AuthUser,
  options: CustomerOptions,
): Promise<ResolvedCustomer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await resolveOnce(db, user, options);
    } catch (err) {
      if (attempt < 4 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

async function resolveOnce(
  db: Db,
  user: AuthUser,
  options: CustomerOptions,
): Promise<ResolvedCustomer> {
  const email = normalizeEmail(user.email);
  const verified = user.emailVerified && email !== '';
  const now = nowIso();
  const identity = { issuer: user.issuer, subject: user.subject };
  const link = { ...identity, connection: connectionOf(user.subject) };

  const known = await repo.findIdentity(db, user.issuer, user.subject);
  if (!known) await refuseErasedIdentity(db, user);
  const owner = verified ? await repo.findVerifiedByEmail(db, email) : undefined;
  let customerId: string;
  if (known) {
    customerId = known.customer_id;
    if (owner && owner.id !== customerId) {
      // The email became verified (or changed) and another customer holds it: the identity joins it.
      await repo.moveIdentity(db, user.issuer, user.subject, owner.id);
      customerId = owner.id;
    }
  } else if (owner) {
    await repo.insertIdentity(db, owner.id, link, now);
    customerId = owner.id;
  } else {
    customerId = newId('cus');
    await repo.insertCustomerWithIdentity(
      db,
      {
        id: customerId,
        email,
        email_verified: verified ? 1 : 0,
        name: user.name?.trim() ?? '',
        roles: '[]',
        revoked_roles: '[]',
        created_at: now,
        updated_at: now,
        erased_at: null,
      },
      link,
    );
  }

  const row = await repo.findCustomer(db, customerId);
  if (!row) throw new Error(`Customer ${customerId} vanished while being resolved`);
  const changes: Partial<Pick<CustomersTable, 'email' | 'email_verified' | 'name' | 'roles'>> = {};
  // Only a verified email replaces the record's (a unique violation here means another customer
  // verified it meanwhile: the retry moves this identity there).
  if (verified && (row.email !== email || row.email_verified !== 1)) {
    changes.email = email;
    changes.email_verified = 1;
  } else if (!row.email && email) {
    changes.email = email;
  }
  const name = user.name?.trim();
  if (name && name !== row.name) changes.name = name;
  const roles = rolesOf(row);
  if (
    verified &&
    options.adminEmails.includes(email) &&
    !roles.includes(ADMIN_ROLE) &&
    !revokedRolesOf(row).includes(ADMIN_ROLE)
  ) {
    changes.roles = JSON.stringify([...roles, ADMIN_ROLE]);
  }
  if (Object.keys(changes).length) await repo.updateCustomer(db, customerId, changes, now);
  const current = { ...row, ...changes };

  const claimed = current.email_verified === 1 ? await claimGuestOrders(db, customerId, email) : 0;
  const subjects = await repo.subjectsOf(db, customerId);
  return { row: current, userId: subjects[0] ?? user.subject, subjects, claimed };
}

/** What a token of an erased identity answers (a 401 the storefront treats as an ended sign-in). */
export const ERASED_SIGN_IN =
  'This sign-in belongs to an account that was closed. Please sign in again.';

/**
 * An operator erased the identity's customer (customer-erasure.service.ts): a token issued before that
 * (access tokens live an hour) must not make the customer again from its claims, name and email
 * included. A token issued after it is a new sign-in (at an outside issuer the subject stays the same),
 * which makes a new customer.
 */
async function refuseErasedIdentity(db: Db, user: AuthUser): Promise<void> {
  const erased = await repo.findErasedIdentity(db, user.issuer, user.subject);
  if (!erased) return;
  const erasedAt = Math.floor(Date.parse(erased.erased_at) / 1000);
  if (user.issuedAt !== undefined && user.issuedAt > erasedAt) return;
  throw new HttpError(401, ERASED_SIGN_IN, undefined, { code: 'invalid_token' });
}

export function customerRecord(customer: ResolvedCustomer): CustomerRecord {
  const { row } = customer;
  return {
    id: row.id,
    sub: customer.userId,
    name: row.name,
    email: row.email,
    email_verified: row.email_verified === 1,
    roles: rolesOf(row),
  };
}

/** True when `userId` names the customer: one of its subjects, or its own id. */
export function isOwnUserId(customer: ResolvedCustomer, userId: string): boolean {
  return userId === customer.row.id || customer.subjects.includes(userId);
}

export type LinkUserFailure = Failure<'forbidden'> | Failure<'email_not_verified'>;

/**
 * POST /user/link-user (spec 4): a passwordless identity (Auth0's `email|…`) joins the customer with
 * its verified email. Only for the token's own identity and its own verified email.
 */
export async function linkUser(
  db: Db,
  user: AuthUser,
  input: { passwordlessUserId: string; email: string },
  options: CustomerOptions,
): Promise<Result<{ userId: string; customerId: string; claimedOrders: number }, LinkUserFailure>> {
  if (input.passwordlessUserId !== user.subject) {
    return fail('forbidden', 'You can only link the identity you are signed in with.');
  }
  if (normalizeEmail(input.email) !== normalizeEmail(user.email)) {
    return fail('forbidden', 'You can only link the email address you are signed in with.');
  }
  if (!user.emailVerified) {
    return fail('email_not_verified', 'Please verify your email address first.');
  }
  const customer = await resolveCustomer(db, user, options);
  return ok({
    userId: customer.userId,
    customerId: customer.row.id,
    claimedOrders: customer.claimed,
  });
}

export type UserByEmailFailure = Failure<'forbidden'>;

/** GET /user/user-by-email/{email}: the user id of the token's own email, nobody else's. */
export async function userIdByEmail(
  db: Db,
  user: AuthUser,
  email: string,
  options: CustomerOptions,
): Promise<Result<{ userId: string }, UserByEmailFailure>> {
  const asked = normalizeEmail(email);
  if (!asked || asked !== normalizeEmail(user.email)) {
    return fail('forbidden', 'You can only look up your own email address.');
  }
  const customer = await resolveCustomer(db, user, options);
  return ok({ userId: customer.userId });
}

export type CustomerFailure = Failure<'forbidden'>;

/**
 * GET /customers/{userId}: the token's own customer record. Any other id, whether a customer has it or
 * not, is the same 403: nothing tells whether someone else exists.
 */
export async function ownCustomer(
  db: Db,
  user: AuthUser,
  userId: string,
  options: CustomerOptions,
): Promise<Result<CustomerRecord, CustomerFailure>> {
  const customer = await resolveCustomer(db, user, options);
  if (!isOwnUserId(customer, userId)) {
    return fail('forbidden', 'You can only see your own customer record.');
  }
  return ok(customerRecord(customer));
}
