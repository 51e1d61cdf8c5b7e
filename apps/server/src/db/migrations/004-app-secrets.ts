import { type Kysely, type Migration } from 'kysely';

/**
 * Secrets the shop generates for itself (lib/app-secrets.ts), one row per name, shared by every process:
 * first the sandbox's webhook signing secret, which is no longer built into the source.
 */
export const appSecrets: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('app_secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('app_secrets').ifExists().execute();
  },
};
