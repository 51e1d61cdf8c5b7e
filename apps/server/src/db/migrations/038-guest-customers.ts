import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Guest buyers in the console's Customers and proven data requests (issue 30, decision 053):
 * - `data_requests.email_proven_at`: when the requester opened the emailed link that proves the
 *   request's email is theirs (null until then); an export or erasure by that email needs it;
 * - `customers.guest`: 1 for the placeholder an erasure by email makes for a guest (no account), so
 *   the guest's kept orders point to an erased customer as an erased customer's do, and the console
 *   still shows them as a guest;
 * - an index of the guest orders (no customer) by lowercased email, for the Customers list's guests
 *   (grouped by it) and the guest's page.
 * The NOT NULL column carries a default only because SQLite cannot add one without it.
 */
export const guestCustomers: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('data_requests').addColumn('email_proven_at', 'text').execute();
    await db.schema
      .alterTable('customers')
      .addColumn('guest', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('orders_guest_email_idx')
      .on('orders')
      .expression(sql`lower(email)`)
      .where(sql.ref('customer_id'), 'is', null)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('orders_guest_email_idx').ifExists().execute();
    await db.schema.alterTable('customers').dropColumn('guest').execute();
    await db.schema.alterTable('data_requests').dropColumn('email_proven_at').execute();
  },
};
