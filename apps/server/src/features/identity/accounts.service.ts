/**
 * The rules of the provider's accounts: sign up, sign in (slowed after repeated failures), confirm an
 * email, reset a password. Expected failures come back as `{ ok: false, code, message }`; the pages
 * show the message beside the field it names.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { newId, randomToken } from '../../lib/ids.ts';
import { queueEmail } from '../email/email.service.ts';
import type { AccountRow } from './identity.table.ts';
import * as repo from './accounts.repository.ts';
import { hashPassword, needsRehash, passwordProblem, verifyPassword } from './passwords.ts';
import {
  ACCOUNT_RULE,
  IP_RULE,
  blockedFor,
  clearFailures,
  recordFailure,
  retryMessage,
} from './login-throttle.ts';
import { resetPasswordEmail, verifyEmailEmail } from './identity-emails.template.ts';

export const VERIFY_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** One reset email per account per minute at most, however often the form is sent. */
const RESET_EMAIL_SPACING_MS = 60_000;

export type Field = 'name' | 'email' | 'password';
export type Failure<C extends string> = { ok: false; code: C; message: string; field?: Field };

export interface Mailing {
  /** Public origin, for the links. */
  siteUrl: string;
  shopName: string;
  /** Starts delivery after the email is queued. */
  kick(): void;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function verifyLink(siteUrl: string, token: string): string {
  return `${siteUrl}/oidc/account/verify-email?token=${encodeURIComponent(token)}`;
}
export function resetLink(siteUrl: string, token: string): string {
  return `${siteUrl}/oidc/account/reset-password?token=${encodeURIComponent(token)}`;
}

async function queueVerification(trx: Db, account: AccountRow, mail: Mailing): Promise<void> {
  const token = randomToken(32);
  const id = hashToken(token);
  const now = new Date();
  await repo.insertToken(trx, {
    id,
    account_id: account.id,
    purpose: 'verify-email',
    expires_at: new Date(now.getTime() + VERIFY_LINK_TTL_MS).toISOString(),
    created_at: now.toISOString(),
  });
  const email = verifyEmailEmail({ name: mail.shopName }, account, verifyLink(mail.siteUrl, token));
  await queueEmail(trx, {
    kind: 'verify-email',
    to: account.email,
    dedupeKey: `verify-email:${id}`,
    ...email,
  });
}

export async function signUp(
  db: Db,
  input: { name: string; email: string; password: string },
  mail: Mailing,
): Promise<{ ok: true; account: AccountRow } | Failure<'invalid' | 'email-taken'>> {
  const name = input.name.trim();
  const email = normalizeEmail(input.email);
  if (!name) return { ok: false, code: 'invalid', field: 'name', message: 'Enter your name.' };
  if (name.length > 100) {
    return { ok: false, code: 'invalid', field: 'name', message: 'Use at most 100 characters.' };
  }
  if (!EMAIL_PATTERN.test(email) || email.length > 254) {
    return {
      ok: false,
      code: 'invalid',
      field: 'email',
      message: 'Enter an email address like name@example.com.',
    };
  }
  const problem = passwordProblem(input.password);
  if (problem) return { ok: false, code: 'invalid', field: 'password', message: problem.message };

  const now = new Date().toISOString();
  const account: AccountRow = {
    id: newId('acct'),
    email,
    email_verified: 0,
    name,
    password_hash: await hashPassword(input.password),
    created_at: now,
    updated_at: now,
  };
  const created = await db.transaction().execute(async (trx) => {
    if (!(await repo.insertAccount(trx, account))) return false;
    await queueVerification(trx, account, mail);
    return true;
  });
  if (!created) {
    return {
      ok: false,
      code: 'email-taken',
      field: 'email',
      message: 'An account with this email already exists. Sign in, or reset your password.',
    };
  }
  mail.kick();
  return { ok: true, account };
}

export async function signIn(
  db: Db,
  input: { email: string; password: string; ip: string },
): Promise<{ ok: true; account: AccountRow } | Failure<'throttled' | 'wrong-credentials'>> {
  const email = normalizeEmail(input.email);
  const accountKey = `account:${email}`;
  const ipKey = `ip:${input.ip}`;
  const wait = await blockedFor(db, [accountKey, ipKey]);
  if (wait > 0) return { ok: false, code: 'throttled', message: retryMessage(wait) };

  const account = email ? await repo.findAccountByEmail(db, email) : undefined;
  if (await verifyPassword(account?.password_hash, input.password)) {
    await clearFailures(db, accountKey);
    if (needsRehash(account!.password_hash)) {
      await repo.updateAccount(db, account!.id, {
        password_hash: await hashPassword(input.password),
      });
    }
    return { ok: true, account: account! };
  }
  const blocked = Math.max(
    await recordFailure(db, accountKey, ACCOUNT_RULE),
    await recordFailure(db, ipKey, IP_RULE),
  );
  if (blocked > 0) return { ok: false, code: 'throttled', message: retryMessage(blocked) };
  return {
    ok: false,
    code: 'wrong-credentials',
    field: 'password',
    message: 'The email or password is not right. Check them and try again.',
  };
}

/** Sends a reset link when the account exists; says nothing either way (no account discovery). */
/** At most one verification email a minute per account (the account page's "send the link again"). */
const VERIFY_EMAIL_SPACING_MS = 60_000;

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
  mail.kick();
  return { ok: true, status: 'sent' };
}

export async function requestPasswordReset(db: Db, rawEmail: string, mail: Mailing): Promise<void> {
  const account = await repo.findAccountByEmail(db, normalizeEmail(rawEmail));
  if (!account) return;
  const now = new Date();
  const since = new Date(now.getTime() - RESET_EMAIL_SPACING_MS).toISOString();
  if (await repo.latestTokenSince(db, account.id, 'reset-password', since)) return;
  const token = randomToken(32);
  const id = hashToken(token);
  await db.transaction().execute(async (trx) => {
    await repo.insertToken(trx, {
      id,
      account_id: account.id,
      purpose: 'reset-password',
      expires_at: new Date(now.getTime() + RESET_LINK_TTL_MS).toISOString(),
      created_at: now.toISOString(),
    });
    const email = resetPasswordEmail(
      { name: mail.shopName },
      account,
      resetLink(mail.siteUrl, token),
    );
    await queueEmail(trx, {
      kind: 'reset-password',
      to: account.email,
      dedupeKey: `reset-password:${id}`,
      ...email,
    });
  });
  mail.kick();
}

type LinkFailure = Failure<'invalid-link' | 'expired-link' | 'used-link'>;

async function checkLink(db: Db, token: string, purpose: 'verify-email' | 'reset-password') {
  const row = token ? await repo.findToken(db, hashToken(token), purpose) : undefined;
  const now = new Date().toISOString();
  if (!row)
    return {
      ok: false,
      code: 'invalid-link',
      message: 'This link is not valid. Check that you copied all of it.',
    } as LinkFailure;
  if (row.used_at)
    return {
      ok: false,
      code: 'used-link',
      message: 'This link has already been used.',
    } as LinkFailure;
  if (row.expires_at <= now)
    return { ok: false, code: 'expired-link', message: 'This link has expired.' } as LinkFailure;
  return { ok: true as const, row, now };
}

/** Whether a reset link may still be used (the form is shown only then). */
export async function checkResetLink(db: Db, token: string): Promise<{ ok: true } | LinkFailure> {
  const checked = await checkLink(db, token, 'reset-password');
  return checked.ok ? { ok: true } : checked;
}

export async function verifyEmail(db: Db, token: string): Promise<{ ok: true } | LinkFailure> {
  const checked = await checkLink(db, token, 'verify-email');
  if (!checked.ok) return checked;
  const done = await db.transaction().execute(async (trx) => {
    if (!(await repo.useToken(trx, checked.row.id, checked.now))) return false;
    await repo.updateAccount(trx, checked.row.account_id, { email_verified: 1 });
    return true;
  });
  return done
    ? { ok: true }
    : { ok: false, code: 'used-link', message: 'This link has already been used.' };
}

export async function resetPassword(
  db: Db,
  token: string,
  password: string,
): Promise<{ ok: true; account: AccountRow } | LinkFailure | Failure<'invalid'>> {
  const checked = await checkLink(db, token, 'reset-password');
  if (!checked.ok) return checked;
  const problem = passwordProblem(password);
  if (problem) return { ok: false, code: 'invalid', field: 'password', message: problem.message };
  const hash = await hashPassword(password);
  const account = await db.transaction().execute(async (trx) => {
    if (!(await repo.useToken(trx, checked.row.id, checked.now))) return undefined;
    // The link came to the address: it is the account holder's.
    await repo.updateAccount(trx, checked.row.account_id, {
      password_hash: hash,
      email_verified: 1,
    });
    return repo.findAccountById(trx, checked.row.account_id);
  });
  if (!account)
    return { ok: false, code: 'used-link', message: 'This link has already been used.' };
  await clearFailures(db, `account:${account.email}`);
  return { ok: true, account };
}
