/**
 * The identity provider's part of the personal-data registry (lib/personal-data.ts; decision 032,
 * "Personal data"): the built-in accounts, found by the customer's identities' subjects or by the
 * customer's verified email (an account with that email verified). It says who the person is too:
 * its verified addresses join the ones that find guest records, and every address of the accounts
 * joins the ones the shop wrote to. Erased after the records found through it: the accounts go with
 * their one-time links, the provider's sessions, grants and tokens (each payload names its
 * `accountId`), and the failed-sign-in counts kept under their addresses.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { definePart } from '../../lib/personal-data.ts';
import { chunks } from '../../lib/personal-rows.ts';
import { addDistinct, lowerEmail } from '../../lib/personal-text.ts';

/** Accounts whose id is one of the subjects, or with one of the emails verified. */
function accountsOf(db: Db, subjects: readonly string[], verifiedEmails: readonly string[]) {
  if (subjects.length === 0 && verifiedEmails.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('accounts')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(subjects.length ? [eb('id', 'in', subjects)] : []),
        ...(verifiedEmails.length
          ? [eb.and([eb('email', 'in', verifiedEmails), eb('email_verified', '=', 1)])]
          : []),
      ]),
    )
    .execute();
}

export const identityPersonalData = definePart({
  feature: 'identity',
  tables: ['accounts', 'account_tokens', 'oidc_payloads', 'login_throttle'],
  order: 20,
  saysWho: true,
  async locate(db, person) {
    const accounts = await accountsOf(db, person.subjects, person.verifiedEmails);
    addDistinct(
      person.verifiedEmails,
      accounts.filter((a) => a.email_verified === 1).map((a) => lowerEmail(a.email)),
    );
    addDistinct(
      person.addresses,
      accounts.map((a) => lowerEmail(a.email)),
    );
    return accounts;
  },
  identifiers: (accounts) => accounts.flatMap((a) => [a.email, a.name]),
  async export(_db, accounts) {
    return {
      accounts: accounts.map((a) => ({
        email: a.email,
        name: a.name,
        emailVerified: a.email_verified === 1,
        createdAt: a.created_at,
        updatedAt: a.updated_at,
      })),
    };
  },
  detail: ([account]) => ({
    account: account
      ? {
          email: account.email,
          name: account.name,
          emailVerified: account.email_verified === 1,
          createdAt: account.created_at,
        }
      : null,
  }),
  async erase(trx, accounts, { person }) {
    let sessions = 0;
    for (const { id } of accounts) {
      const pattern = `%"accountId":"${id.replace(/[\\%_"]/g, (c) => `\\${c}`)}"%`;
      const removed = await trx
        .deleteFrom('oidc_payloads')
        .where(sql<boolean>`payload like ${pattern} escape '\\'`)
        .executeTakeFirst();
      sessions += Number(removed.numDeletedRows);
    }
    const emails = [...new Set([...person.addresses, ...accounts.map((a) => a.email)])];
    const throttles = emails.length
      ? await trx
          .deleteFrom('login_throttle')
          .where(
            'key',
            'in',
            emails.map((e) => `account:${e}`),
          )
          .executeTakeFirst()
      : undefined;
    let deleted = 0;
    for (const part of chunks(accounts.map((a) => a.id))) {
      await trx.deleteFrom('account_tokens').where('account_id', 'in', part).execute();
      deleted += Number(
        (await trx.deleteFrom('accounts').where('id', 'in', part).executeTakeFirst())
          .numDeletedRows,
      );
    }
    return {
      accounts: deleted,
      sessions,
      loginThrottles: Number(throttles?.numDeletedRows ?? 0),
    };
  },
});
