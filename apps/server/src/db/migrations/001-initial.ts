import { type Kysely, type Migration } from 'kysely';

/**
 * The whole domain of spec section 3 and the house plan, in types both SQLite and PostgreSQL accept:
 * ids are text (random, never sequential), money is integer cents, flags are integer 0/1, timestamps are
 * ISO 8601 UTC text, structured values (addresses, carts) are JSON text.
 */
export const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('products')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('default_price_id', 'text')
      .addColumn('weight_oz', 'integer', (c) => c.notNull().defaultTo(6))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('prices')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
      .addColumn('unit_amount', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull().defaultTo('usd'))
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('prices_product_idx').on('prices').column('product_id').execute();

    await db.schema
      .createTable('designs')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('sort_order', 'integer', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();

    await db.schema
      .createTable('inventory')
      .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
      .addColumn('size', 'text', (c) => c.notNull())
      // null: not counted, always available; a number: units on hand.
      .addColumn('stock', 'integer')
      .addColumn('out_of_stock', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('inventory_pk', ['product_id', 'size'])
      .execute();

    await db.schema
      .createTable('customers')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('roles', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('customers_email_idx').on('customers').column('email').execute();

    // A customer may sign in through several issuers/connections; each is keyed by issuer + subject.
    await db.schema
      .createTable('customer_identities')
      .addColumn('issuer', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('connection', 'text', (c) => c.notNull().defaultTo('password'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('customer_identities_pk', ['issuer', 'subject'])
      .execute();

    await db.schema
      .createTable('carts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('customer_id', 'text', (c) => c.notNull().unique().references('customers.id'))
      .addColumn('lines', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    // The shop's side of a checkout: the bag priced on the server, the address, the option, the totals.
    await db.schema
      .createTable('checkouts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('payment_intent_id', 'text', (c) => c.notNull().unique())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('customer_id', 'text', (c) => c.references('customers.id'))
      .addColumn('email', 'text')
      .addColumn('lines', 'text', (c) => c.notNull())
      .addColumn('shipping_address', 'text')
      .addColumn('shipping_name', 'text')
      .addColumn('shipping_option', 'text')
      .addColumn('subtotal', 'integer', (c) => c.notNull())
      .addColumn('shipping', 'integer')
      .addColumn('sales_tax', 'integer')
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    // The sandbox card processor's own state: what Stripe would hold for us.
    await db.schema
      .createTable('sandbox_payment_intents')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('client_secret', 'text', (c) => c.notNull().unique())
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('metadata', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('card_brand', 'text')
      .addColumn('card_last4', 'text')
      .addColumn('billing_details', 'text')
      .addColumn('shipping', 'text')
      .addColumn('last_error', 'text')
      .addColumn('challenge_token', 'text')
      .addColumn('amount_refunded', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('idempotency_key', 'text', (c) => c.unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('sandbox_refunds')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('payment_intent_id', 'text', (c) =>
        c.notNull().references('sandbox_payment_intents.id'),
      )
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('idempotency_key', 'text', (c) => c.unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    // Webhook de-duplication, shared by every process.
    await db.schema
      .createTable('webhook_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('received_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('orders')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_number', 'text', (c) => c.notNull().unique())
      .addColumn('payment_intent_id', 'text', (c) => c.notNull().unique())
      .addColumn('customer_id', 'text', (c) => c.references('customers.id'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('shipping_name', 'text', (c) => c.notNull())
      .addColumn('shipping_address', 'text', (c) => c.notNull())
      .addColumn('shipping_option', 'text', (c) => c.notNull())
      .addColumn('billing_name', 'text', (c) => c.notNull())
      .addColumn('billing_phone', 'text')
      .addColumn('billing_address', 'text', (c) => c.notNull())
      .addColumn('card_brand', 'text')
      .addColumn('card_last4', 'text')
      .addColumn('subtotal', 'integer', (c) => c.notNull())
      .addColumn('shipping', 'integer', (c) => c.notNull())
      .addColumn('sales_tax', 'integer', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('amount_refunded', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('tracking', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('orders_customer_idx').on('orders').column('customer_id').execute();
    await db.schema.createIndex('orders_email_idx').on('orders').column('email').execute();
    await db.schema.createIndex('orders_created_idx').on('orders').column('created_at').execute();

    await db.schema
      .createTable('order_items')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
      .addColumn('line_no', 'integer', (c) => c.notNull())
      .addColumn('product_id', 'text', (c) => c.notNull())
      .addColumn('price_id', 'text', (c) => c.notNull())
      .addColumn('design', 'text', (c) => c.notNull())
      .addColumn('size', 'text', (c) => c.notNull())
      .addColumn('position', 'text', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('unit_amount', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('order_items_order_idx')
      .on('order_items')
      .column('order_id')
      .execute();

    // Every status change: who, when, from, to, why.
    await db.schema
      .createTable('order_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('from_status', 'text')
      .addColumn('to_status', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .execute();
    await db.schema
      .createIndex('order_events_order_idx')
      .on('order_events')
      .column('order_id')
      .execute();

    await db.schema
      .createTable('returns')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('sales_tax_refund', 'integer', (c) => c.notNull())
      .addColumn('shipping_fee', 'integer', (c) => c.notNull())
      .addColumn('refund_amount', 'integer', (c) => c.notNull())
      .addColumn('return_label', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('returns_order_seq_uq', ['order_id', 'seq'])
      .execute();

    await db.schema
      .createTable('return_items')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('return_id', 'text', (c) => c.notNull().references('returns.id'))
      .addColumn('order_item_id', 'text', (c) => c.notNull().references('order_items.id'))
      .addColumn('item_id', 'integer', (c) => c.notNull())
      .addColumn('return_type', 'text', (c) => c.notNull())
      .addColumn('return_reason', 'text')
      .addColumn('size_exchange', 'text')
      .addColumn('position_exchange', 'text')
      .addColumn('design', 'text', (c) => c.notNull())
      .addColumn('size', 'text', (c) => c.notNull())
      .addColumn('position', 'text', (c) => c.notNull())
      .addColumn('product_cost', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('return_items_return_idx')
      .on('return_items')
      .column('return_id')
      .execute();

    await db.schema
      .createTable('support_requests')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_number', 'text')
      .addColumn('email', 'text')
      .addColumn('customer_id', 'text', (c) => c.references('customers.id'))
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('data_requests')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('client_errors')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('type', 'text')
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('stack', 'text')
      .addColumn('url', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('request_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('email_outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      // One email per business event (for example "order-confirmation:<orderId>"): never sent twice.
      .addColumn('dedupe_key', 'text', (c) => c.unique())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('html', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text')
      .execute();
    await db.schema
      .createIndex('email_outbox_status_idx')
      .on('email_outbox')
      .column('status')
      .execute();

    // Shared fixed-window counters (rate limits) that every process sees.
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('reset_at', 'bigint', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of [
      'rate_limits',
      'email_outbox',
      'client_errors',
      'data_requests',
      'support_requests',
      'return_items',
      'returns',
      'order_events',
      'order_items',
      'orders',
      'webhook_events',
      'sandbox_refunds',
      'sandbox_payment_intents',
      'checkouts',
      'carts',
      'customer_identities',
      'customers',
      'inventory',
      'designs',
      'prices',
      'products',
      'settings',
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
