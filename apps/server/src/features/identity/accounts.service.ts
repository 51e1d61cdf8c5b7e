/**
 * The rules of the provider's accounts: sign up and sign in (slowed after repeated failures). Expected
 * failures come back as `{ ok: false, code, message }`; the pages show the message beside the field it
 * names. The one-time links (confirm an email, reset a password) are account-links.service.ts.
 */
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import type { AccountRow } from './identity.table.ts';
import * as repo from './accounts.repository.ts';
import { hashPassword, needsRehash, passwordProblem, verifyPassword } from './passwords.ts';
import { checkThrottle, countFailure, forgiveFailures, passwordKeys } from './login-throttle.ts';
import {
  noticeExistingAccount,
  queueVerification,
  type Failure,
  type Mailing,
} from './account-links.service.ts';

export type { Failure, Mailing };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Creates an account and emails its confirmation link. The answer is the same whether or not the address
 * already has an account (nothing tells a stranger who has one): when it has, nothing is created and its
 * owner is emailed instead, with a way to sign in or to choose a new password. Nobody is signed in by
 * signing up: the address is proven first (the link, with the password chosen here).
 */
export async function signUp(
  db: Db,
  input: { name: string; email: string; password: string },
  mail: Mailing,
): Promise<{ ok: true; email: string } | Failure<'invalid'>> {
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

  // Hashed either way, so both answers take as long.
  const password_hash = await hashPassword(input.password);
  const existing = await repo.findAccountByEmail(db, email);
  if (existing) {
    await noticeExistingAccount(db, existing, mail);
    return { ok: true, email };
  }
  const now = new Date().toISOString();
  const account: AccountRow = {
    id: newId('acct'),
    email,
    email_verified: 0,
    name,
    password_hash,
    session_epoch: 0,
    created_at: now,
    updated_at: now,
  };
  const created = await db.transaction().execute(async (trx) => {
    if (!(await repo.insertAccount(trx, account))) return false;
    await queueVerification(trx, account, mail);
    return true;
  });
  if (!created) {
    // Another sign-up with this address won the race: its owner hears about this one.
    const winner = await repo.findAccountByEmail(db, email);
    if (winner) await noticeExistingAccount(db, winner, mail);
  }
  return { ok: true, email };
}

export async function signIn(
  db: Db,
  input: { email: string; password: string; ip: string },
): Promise<{ ok: true; account: AccountRow } | Failure<'throttled' | 'wrong-credentials'>> {
  const email = normalizeEmail(input.email);
  const keys = passwordKeys(email, input.ip);
  const wait = await checkThrottle(db, keys);
  if (wait) return { ok: false, code: 'throttled', message: wait };

  const account = email ? await repo.findAccountByEmail(db, email) : undefined;
  // An unknown email costs the same time as a known one (verifyPassword's decoy).
  if ((await verifyPassword(account?.password_hash, input.password)) && account) {
    await forgiveFailures(db, keys);
    if (needsRehash(account.password_hash)) {
      await repo.updateAccount(db, account.id, {
        password_hash: await hashPassword(input.password),
      });
    }
    return { ok: true, account };
  }
  const blocked = await countFailure(db, keys);
  if (blocked) return { ok: false, code: 'throttled', message: blocked };
  return {
    ok: false,
    code: 'wrong-credentials',
    field: 'password',
    message: 'The email or password is not right. Check them and try again.',
  };
}
