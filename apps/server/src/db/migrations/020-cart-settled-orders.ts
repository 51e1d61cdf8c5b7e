import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A placed order takes what it bought out of the customer's bag by a job of the cart, and the bag's
 * reads and writes settle it first when the job has not run yet (issue 25 item 3, docs/decisions/031,
 * features/cart/cart-purchases.ts). `cart_settled_orders` records each order settled, so either does
 * it once. The orders placed before this migration took their lines out in their own transaction:
 * they are recorded as settled here, or the bag's next read would take them out again. No new index:
 * the bag's read finds its customer's recent orders with orders (customer_id, created_at, id) of
 * migration 009, and looks them up here by primary key.
 */
export const cartSettledOrders: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('cart_settled_orders')
      // An order's id, not a foreign key: the cart's record never holds up a change of the orders.
      .addColumn('order_id', 'text', (c) => c.primaryKey())
      .addColumn('settled_at', 'text', (c) => c.notNull())
      .execute();
    await sql`insert into cart_settled_orders (order_id, settled_at)
      select id, ${new Date().toISOString()} from orders
      where customer_id is not null and payment_intent_id is not null`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('cart_settled_orders').execute();
  },
};
