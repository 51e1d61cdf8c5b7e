import { type Kysely, type Migration } from 'kysely';

/**
 * Checkout and payments (issue 5): the sandbox keeps the return URL of a 3-D Secure challenge; a checkout
 * carries a version and a short lease so concurrent updates of one checkout cannot leave the intent's
 * amount and the checkout's total apart.
 */
export const checkoutPayments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('sandbox_payment_intents').addColumn('return_url', 'text').execute();
    await db.schema
      .alterTable('checkouts')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // A short lease serialises update-pi per checkout across processes without holding a connection.
    await db.schema.alterTable('checkouts').addColumn('lease_token', 'text').execute();
    await db.schema.alterTable('checkouts').addColumn('lease_until', 'text').execute();
    await db.schema
      .createIndex('sandbox_payment_intents_challenge_idx')
      .on('sandbox_payment_intents')
      .column('challenge_token')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('sandbox_payment_intents_challenge_idx').ifExists().execute();
    await db.schema.alterTable('checkouts').dropColumn('lease_until').execute();
    await db.schema.alterTable('checkouts').dropColumn('lease_token').execute();
    await db.schema.alterTable('checkouts').dropColumn('version').execute();
    await db.schema.alterTable('sandbox_payment_intents').dropColumn('return_url').execute();
  },
};
