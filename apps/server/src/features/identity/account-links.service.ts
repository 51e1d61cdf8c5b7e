/**
 * The provider's one-time links (issue 23, docs/decisions/026): confirm an email, reset a password, and
 * the one-time sign-in that either earns the browser that used it.
 *
 * An email is proven only together with the account's password: a confirmation link asks for the
 * password (so a stranger who signed up with someone else's address cannot have it confirmed by its
 * owner's click), and a reset sets a new one. Either ends every earlier sign-in of the account
 * (account-sessions.ts), in the same transaction.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { randomToken } from '../../lib/ids.ts';
import { queueEmail } from '../email/email.api.ts';
import type { AccountRow, AccountTokensTable } from './identity.table.ts';
import * as repo from './accounts.repository.ts';
import { endSessions } from './account-sessions.ts';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.ts';
import {
  checkThrottle,
  countFailure,
  forgiveAccount,
  forgiveFailures,
  passwordKeys,
} from './login-throttle.ts';
import {
  accountExistsEmail,
  resetPasswordEmail,
  verifyEmailEmail,
} from './identity-emails.template.tsx';

export const VERIFY_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** The one-time sign-in a confirmation or a reset earns: long enough to press "Go To Account". */
export const SIGN_IN_TICKET_TTL_MS = 10 * 60 * 1000;
/** One reset (or account-exists) email per account per minute at most, however often forms are sent. */
const RESET_EMAIL_SPACING_MS = 60_000;
/** At most one verification email a minute per account (the account page's "send the link again"). */
const VERIFY_EMAIL_SPACING_MS = 60_000;

export type Field = 'name' | 'email' | 'password';
export type Failure<C extends string> = { ok: false; code: C; message: string; field?: Field };

export interface Mailing {
  /** Public origin, for the links. */
  siteUrl: string;
  shopName: string;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function verifyLink(siteUrl: string, token: string): string {
  return `${siteUrl}/oidc/account/verify-email?token=${encodeURIComponent(token)}`;
}
export function resetLink(siteUrl: string, token: string): string {
  return `${siteUrl}/oidc/account/reset-password?token=${encodeURIComponent(token)}`;
}

/** Stores a new one-time token of `purpose` for the account (only its hash); returns the token. */
async function issueToken(
  trx: Db,
  accountId: string,
  purpose: AccountTokensTable['purpose'],
  ttlMs: number,
): Promise<{ token: string; id: string }> {
  const token = randomToken(32);
  const id = hashToken(token);
  const now = new Date();
  await repo.insertToken(trx, {
    id,
    account_id: accountId,
    purpose,
    expires_at: new Date(now.getTime() + ttlMs).toISOString(),
    created_at: now.toISOString(),
  });
  return { token, id };
}

export async function queueVerification(
  trx: Db,
  account: AccountRow,
  mail: Mailing,
): Promise<void> {
  const { token, id } = await issueToken(trx, account.id, 'verify-email', VERIFY_LINK_TTL_MS);
  const email = await verifyEmailEmail(
    { name: mail.shopName, siteUrl: mail.siteUrl },
    account,
    verifyLink(mail.siteUrl, token),
  );
  await queueEmail(trx, {
    kind: 'verify-email',
    to: account.email,
    dedupeKey: `verify-email:${id}`,
    ...email,
  });
}

/** Whether a reset-carrying email went to the account within the last minute. */
async function resetMailedRecently(db: Db, accountId: string): Promise<boolean> {
  const since = new Date(Date.now() - RESET_EMAIL_SPACING_MS).toISOString();
  return Boolean(await repo.latestTokenSince(db, accountId, 'reset-password', since));
}

/**
 * Someone asked to create an account with an address that has one: its owner is told, with a link to
 * choose a new password (which also proves the address, for an account nobody has confirmed), instead
 * of the asker learning that the address is taken. At most one a minute.
 */
export async function noticeExistingAccount(
  db: Db,
  account: AccountRow,
  mail: Mailing,
): Promise<void> {
  if (await resetMailedRecently(db, account.id)) return;
  await db.transaction().execute(async (trx) => {
    const { token, id } = await issueToken(trx, account.id, 'reset-password', RESET_LINK_TTL_MS);
    const email = await accountExistsEmail(
      { name: mail.shopName, siteUrl: mail.siteUrl },
      account,
      resetLink(mail.siteUrl, token),
    );
    await queueEmail(trx, {
      kind: 'account-exists',
      to: account.email,
      dedupeKey: `account-exists:${id}`,
      ...email,
    });
  });
}

export type ResendVerificationResult =
  | { ok: true; status: 'sent' | 'already-verified' }
  | Failure<'not-found'>
  | (Failure<'too-soon'> & { retryAfterSeconds: number });

/**
 * Sends the account's verification link again (a new link; earlier ones keep working until they
 * expire). Nothing is sent for an email already verified, and at most one a minute.
 */
export async function resendVerification(
  db: Db,
  accountId: string,
  mail: Mailing,
): Promise<ResendVerificationResult> {
  const account = await repo.findAccountById(db, accountId);
  if (!account) return { ok: false, code: 'not-found', message: 'No such account.' };
  if (account.email_verified) return { ok: true, status: 'already-verified' };
  const now = Date.now();
  const since = new Date(now - VERIFY_EMAIL_SPACING_MS).toISOString();
  const latest = await repo.latestTokenSince(db, account.id, 'verify-email', since);
  if (latest) {
    const wait = Math.ceil((Date.parse(latest.created_at) + VERIFY_EMAIL_SPACING_MS - now) / 1000);
    const retryAfterSeconds = Math.max(1, wait);
    return {
      ok: false,
      code: 'too-soon',
      message: `A verification email was sent less than a minute ago. Try again in ${retryAfterSeconds} seconds.`,
      retryAfterSeconds,
    };
  }
  await db.transaction().execute((trx) => queueVerification(trx, account, mail));
  return { ok: true, status: 'sent' };
}

/** Sends a reset link when the account exists; says nothing either way (no account discovery). */
export async function requestPasswordReset(db: Db, email: string, mail: Mailing): Promise<void> {
  const account = await repo.findAccountByEmail(db, email);
  if (!account || (await resetMailedRecently(db, account.id))) return;
  await db.transaction().execute(async (trx) => {
    const { token, id } = await issueToken(trx, account.id, 'reset-password', RESET_LINK_TTL_MS);
    const message = await resetPasswordEmail(
      { name: mail.shopName, siteUrl: mail.siteUrl },
      account,
      resetLink(mail.siteUrl, token),
    );
    await queueEmail(trx, {
      kind: 'reset-password',
      to: account.email,
      dedupeKey: `reset-password:${id}`,
      ...message,
    });
  });
}

type LinkFailure = Failure<'invalid-link' | 'expired-link' | 'used-link'>;
const USED: LinkFailure = {
  ok: false,
  code: 'used-link',
  message: 'This link has already been used.',
};

async function checkLink(db: Db, token: string, purpose: AccountTokensTable['purpose']) {
  const row = token ? await repo.findToken(db, hashToken(token), purpose) : undefined;
  const now = new Date().toISOString();
  if (!row)
    return {
      ok: false,
      code: 'invalid-link',
      message: 'This link is not valid. Check that you copied all of it.',
    } as LinkFailure;
  if (row.used_at) return USED;
  if (row.expires_at <= now)
    return { ok: false, code: 'expired-link', message: 'This link has expired.' } as LinkFailure;
  return { ok: true as const, row, now };
}

/** Whether a reset link may still be used (the form is shown only then). */
export async function checkResetLink(db: Db, token: string): Promise<{ ok: true } | LinkFailure> {
  const checked = await checkLink(db, token, 'reset-password');
  return checked.ok ? { ok: true } : checked;
}

/** The account a confirmation link is for, while it may be used (the page asks for its password). */
export async function checkVerifyLink(
  db: Db,
  token: string,
): Promise<{ ok: true; account: AccountRow } | LinkFailure> {
  const checked = await checkLink(db, token, 'verify-email');
  if (!checked.ok) return checked;
  const account = await repo.findAccountById(db, checked.row.account_id);
  return account ? { ok: true, account } : USED;
}

/** What proving an address earns: the account, and the browser's one-time sign-in. */
export type Proven = { ok: true; account: AccountRow; ticket: string };

/**
 * Confirms the email of a confirmation link with the account's password (slowed after failures like a
 * sign-in): the address is verified, every earlier sign-in ends, and the browser gets a one-time
 * sign-in.
 */
export async function confirmEmail(
  db: Db,
  input: { token: string; password: string; ip: string },
): Promise<Proven | LinkFailure | Failure<'throttled' | 'wrong-password'>> {
  const checked = await checkVerifyLink(db, input.token);
  if (!checked.ok) return checked;
  const { account } = checked;
  const keys = passwordKeys(account.email, input.ip);
  const wait = await checkThrottle(db, keys);
  if (wait) return { ok: false, code: 'throttled', message: wait };
  if (!(await verifyPassword(account.password_hash, input.password))) {
    const blocked = await countFailure(db, keys);
    if (blocked) return { ok: false, code: 'throttled', message: blocked };
    return {
      ok: false,
      code: 'wrong-password',
      field: 'password',
      message:
        'That is not the password of this account. If you did not create it, or forgot the password, choose a new one instead.',
    };
  }
  await forgiveFailures(db, keys);
  return prove(db, account.id, input.token, {});
}

/** Sets a new password from a reset link: the address is proven too, and every earlier sign-in ends. */
export async function resetPassword(
  db: Db,
  token: string,
  password: string,
): Promise<Proven | LinkFailure | Failure<'invalid'>> {
  const checked = await checkLink(db, token, 'reset-password');
  if (!checked.ok) return checked;
  const problem = passwordProblem(password);
  if (problem) return { ok: false, code: 'invalid', field: 'password', message: problem.message };
  const proven = await prove(db, checked.row.account_id, token, {
    password_hash: await hashPassword(password),
  });
  if (proven.ok) await forgiveAccount(db, proven.account.email);
  return proven;
}

/** Uses the link, marks the address verified (with `changes`), ends every sign-in, issues a ticket. */
async function prove(
  db: Db,
  accountId: string,
  token: string,
  changes: { password_hash?: string },
): Promise<Proven | LinkFailure> {
  const done = await db.transaction().execute(async (trx) => {
    if (!(await repo.useToken(trx, hashToken(token), new Date().toISOString()))) return undefined;
    await repo.updateAccount(trx, accountId, { ...changes, email_verified: 1 });
    // Whoever was signed in before (a stranger who signed up with this address, an old device) is not
    // any more: only the browser that proved it is signed in, by the ticket.
    await endSessions(trx, accountId);
    const ticket = await issueToken(trx, accountId, 'sign-in', SIGN_IN_TICKET_TTL_MS);
    const account = await repo.findAccountById(trx, accountId);
    return account && { account, ticket: ticket.token };
  });
  return done ? { ok: true, ...done } : USED;
}

/** Uses a one-time sign-in; the account it signs in, or undefined when it is not valid any more. */
export async function redeemSignInTicket(db: Db, ticket: string): Promise<AccountRow | undefined> {
  const checked = await checkLink(db, ticket, 'sign-in');
  if (!checked.ok) return undefined;
  if (!(await repo.useToken(db, checked.row.id, checked.now))) return undefined;
  return repo.findAccountById(db, checked.row.account_id);
}
