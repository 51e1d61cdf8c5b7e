import { type Kysely, type Migration } from 'kysely';

/**
 * The built-in identity provider (features/identity): accounts, their one-time email links, the
 * sign-in slow-down counters, and everything oidc-provider keeps (sessions, grants, codes, tokens,
 * interactions), so every process of one shop shares them.
 */
export const identity: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('accounts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('account_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) =>
        c.notNull().references('accounts.id').onDelete('cascade'),
      )
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('account_tokens_account')
      .on('account_tokens')
      .columns(['account_id', 'purpose'])
      .execute();

    await db.schema
      .createTable('login_throttle')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addColumn('last_failure_at', 'text', (c) => c.notNull())
      .addColumn('blocked_until', 'text')
      .execute();

    await db.schema
      .createTable('oidc_payloads')
      .addColumn('model', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('grant_id', 'text')
      .addColumn('user_code', 'text')
      .addColumn('uid', 'text')
      .addColumn('expires_at', 'text')
      .addColumn('consumed_at', 'text')
      .addPrimaryKeyConstraint('oidc_payloads_pk', ['model', 'id'])
      .execute();
    await db.schema
      .createIndex('oidc_payloads_grant')
      .on('oidc_payloads')
      .column('grant_id')
      .execute();
    await db.schema.createIndex('oidc_payloads_uid').on('oidc_payloads').column('uid').execute();
    await db.schema
      .createIndex('oidc_payloads_user_code')
      .on('oidc_payloads')
      .column('user_code')
      .execute();
    await db.schema
      .createIndex('oidc_payloads_expires')
      .on('oidc_payloads')
      .column('expires_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['oidc_payloads', 'login_throttle', 'account_tokens', 'accounts']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
