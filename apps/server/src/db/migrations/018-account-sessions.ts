import type { Kysely, Migration } from 'kysely';

/**
 * Sign-ins that end when they must (issue 23, docs/decisions/026):
 * - `accounts.session_epoch`: raised whenever every sign-in of the account must end (a password reset,
 *   an email confirmed). A sign-in remembers the epoch it was made in; a session, code, refresh token or
 *   access token of an older epoch is refused from then on, by the provider and by the API.
 * - `account_logins`: the epoch of each provider session (oidc-provider's session `uid`, which its
 *   codes and tokens carry as `sessionUid`), written when the session signs in; it expires with the
 *   session. A session without a row predates this migration and counts as epoch 0.
 * - `customers.revoked_roles`: roles an operator took away with `npm run admin -- revoke`; ADMIN_EMAILS
 *   does not give them back until `grant` is run again.
 * The NOT NULL columns carry a default only because SQLite cannot add one without it.
 */
export const accountSessions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('accounts')
      .addColumn('session_epoch', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('account_logins')
      .addColumn('session_uid', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) =>
        c.notNull().references('accounts.id').onDelete('cascade'),
      )
      .addColumn('epoch', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('account_logins_account_idx')
      .on('account_logins')
      .column('account_id')
      .execute();
    await db.schema
      .createIndex('account_logins_expires_idx')
      .on('account_logins')
      .column('expires_at')
      .execute();
    await db.schema
      .alterTable('customers')
      .addColumn('revoked_roles', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('customers').dropColumn('revoked_roles').execute();
    await db.schema.dropTable('account_logins').execute();
    await db.schema.alterTable('accounts').dropColumn('session_epoch').execute();
  },
};
