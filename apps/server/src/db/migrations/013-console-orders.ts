import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

/**
 * The console's orders (issue 15, item 2):
 * - `order_notes`: operators' notes on an order (who, when, what), with an optional idempotency key
 *   so a double-clicked Add note makes one note.
 * - `email_outbox.order_id`: the order an email is about, set where order emails are queued, so the
 *   order's page lists the emails sent for it by one indexed lookup (matching dedupe keys would need
 *   every email kind's key format, and the confirmation's key names the payment, not the order). The
 *   emails already queued are matched once here from their dedupe keys.
 * - `order_refunds.actor_id` (the operator who refunded) and `order_refunds.scope` (JSON: the lines and
 *   units, and the shipping, a refund by items took), so a later refund by items starts from the units
 *   left and the page names who refunded.
 * - The indexes of the orders list, newest first on (created_at desc, id desc), each filter an equality
 *   prefix of one index so a page is a range scan whatever the table's size (decision 024):
 *   (created_at, id); (status, created_at, id); (payment status, created_at, id); (status, payment
 *   status, created_at, id). The payment status is an expression of total and amount_refunded,
 *   indexed rather than stored, so nothing that records a refund can leave it stale.
 * - The search's prefix indexes: the order number, lower(email), lower(shipping_name),
 *   lower(billing_name), and the names after their first word (the surname), each followed by
 *   (created_at, id, status) so the newest matches of a prefix are read from the index alone. On PostgreSQL
 *   the keys are in the "C" collation, where a prefix is one range of the index whatever the
 *   database's locale; SQLite compares bytes already.
 *
 * The expressions are exported: a query uses an expression index only when it writes the same
 * expression, so the repository builds its conditions from these.
 */

/** The payment status of an order (core order-payment `paymentStatusOf`, in SQL). */
export const PAYMENT_STATUS_SQL =
  "case when total <= 0 then 'no-charge' when amount_refunded <= 0 then 'paid' " +
  "when amount_refunded < total then 'partly-refunded' else 'refunded' end";

export type SearchField =
  'number' | 'email' | 'shippingName' | 'billingName' | 'shippingSurname' | 'billingSurname';

/** The search expressions, per database: each is the key of one index. */
export function searchExpressions(postgres: boolean): Record<SearchField, string> {
  const c = postgres ? ' collate "C"' : '';
  const position = postgres ? 'strpos' : 'instr';
  const surname = (column: string) =>
    `lower(substr(${column}, ${position}(${column}, ' ') + 1))${c}`;
  return {
    number: `order_number${c}`,
    email: `lower(email)${c}`,
    shippingName: `lower(shipping_name)${c}`,
    billingName: `lower(billing_name)${c}`,
    shippingSurname: surname('shipping_name'),
    billingSurname: surname('billing_name'),
  };
}

/** The search index of each field. */
export const SEARCH_INDEXES: Record<SearchField, string> = {
  number: 'orders_number_search_idx',
  email: 'orders_email_search_idx',
  shippingName: 'orders_shipping_name_search_idx',
  billingName: 'orders_billing_name_search_idx',
  shippingSurname: 'orders_shipping_surname_search_idx',
  billingSurname: 'orders_billing_surname_search_idx',
};

/** Index name -> key, per database. */
function orderIndexes(postgres: boolean): [string, string][] {
  const search = searchExpressions(postgres);
  return [
    ['orders_created_id_idx', 'created_at, id'],
    ['orders_status_created_idx', 'status, created_at, id'],
    ['orders_payment_created_idx', `(${PAYMENT_STATUS_SQL}), created_at, id`],
    ['orders_status_payment_created_idx', `status, (${PAYMENT_STATUS_SQL}), created_at, id`],
    // The search: each field's prefix range, with the time, id and status of each match in the
    // index, so the newest matches of a field (of a status) are found from its index alone
    // (admin-orders.repository.ts).
    ...(Object.keys(SEARCH_INDEXES) as SearchField[]).map((field): [string, string] => [
      SEARCH_INDEXES[field],
      `(${search[field]}), created_at, id, status`,
    ]),
  ];
}

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The dedupe key prefixes of the order emails queued before this migration, and their order. */
const BACKFILL: { prefix: string; orderOf: string }[] = [
  {
    prefix: 'order-confirmation:',
    orderOf: 'select o.id from orders o where o.payment_intent_id = {key}',
  },
  { prefix: 'order-cancelled:', orderOf: 'select o.id from orders o where o.id = {key}' },
  { prefix: 'return-requested:', orderOf: 'select r.order_id from returns r where r.id = {key}' },
  { prefix: 'return-label:', orderOf: 'select r.order_id from returns r where r.id = {key}' },
  { prefix: 'return-refunded:', orderOf: 'select r.order_id from returns r where r.id = {key}' },
];

export const consoleOrders: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('order_notes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('operator_id', 'text', (c) => c.notNull())
      .addColumn('operator_email', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text', (c) => c.unique())
      .execute();
    await db.schema
      .createIndex('order_notes_order_idx')
      .on('order_notes')
      .columns(['order_id', 'at'])
      .execute();

    await db.schema.alterTable('email_outbox').addColumn('order_id', 'text').execute();
    await db.schema
      .createIndex('email_outbox_order_idx')
      .on('email_outbox')
      .columns(['order_id', 'created_at'])
      .execute();
    for (const { prefix, orderOf } of BACKFILL) {
      const key = `substr(email_outbox.dedupe_key, ${prefix.length + 1})`;
      await sql
        .raw(
          `update email_outbox set order_id = (${orderOf.replace('{key}', key)}) ` +
            `where order_id is null and dedupe_key like '${prefix}%'`,
        )
        .execute(db);
    }

    await db.schema.alterTable('order_refunds').addColumn('actor_id', 'text').execute();
    await db.schema.alterTable('order_refunds').addColumn('scope', 'text').execute();

    for (const [name, key] of orderIndexes(isPostgres(db))) {
      await sql.raw(`create index ${name} on orders (${key})`).execute(db);
    }
    // (created_at, id) answers everything the single-column index did.
    await db.schema.dropIndex('orders_created_idx').ifExists().execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema
      .createIndex('orders_created_idx')
      .ifNotExists()
      .on('orders')
      .column('created_at')
      .execute();
    for (const [name] of orderIndexes(isPostgres(db))) {
      await db.schema.dropIndex(name).ifExists().execute();
    }
    await db.schema.alterTable('order_refunds').dropColumn('scope').execute();
    await db.schema.alterTable('order_refunds').dropColumn('actor_id').execute();
    await db.schema.dropIndex('email_outbox_order_idx').ifExists().execute();
    await db.schema.alterTable('email_outbox').dropColumn('order_id').execute();
    await db.schema.dropTable('order_notes').execute();
  },
};
