import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The API's customers (issue 12, part 3): customers and customer_identities exist since 001 (keyed by
 * issuer + subject); this adds the rules the linking needs. A verified email belongs to one customer
 * (a partial unique index: unverified records may share an email), and guest orders are found by their
 * email, whatever its case, when that customer claims them.
 */
export const customersIdentity: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('customers_verified_email_unique')
      .on('customers')
      .column('email')
      .unique()
      .where(sql.ref('email_verified'), '=', sql.lit(1))
      .execute();
    await db.schema
      .createIndex('customer_identities_customer_idx')
      .on('customer_identities')
      .column('customer_id')
      .execute();
    await db.schema
      .createIndex('orders_email_lower_idx')
      .on('orders')
      .expression(sql`lower(email)`)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const index of [
      'orders_email_lower_idx',
      'customer_identities_customer_idx',
      'customers_verified_email_unique',
    ]) {
      await db.schema.dropIndex(index).ifExists().execute();
    }
  },
};
