import type { Kysely, Migration } from 'kysely';

/**
 * The operator console's foundation (issue 15):
 * - `operator_actions`: every operator action, who and when (the operator's customer id and email as
 *   they were), what (`action`, e.g. `order.ship`), on what (`target_type` + `target_id`), and its
 *   details as JSON. Appended in the transaction of the change it records; never updated.
 * - `orders.carrier`: who carries a shipped order's package (core/carriers), set with its tracking.
 * - `order_events.actor_id`: the operator's customer id when an operator changed the status.
 */
export const operators: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('operator_actions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('operator_id', 'text', (c) => c.notNull())
      .addColumn('operator_email', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target_type', 'text', (c) => c.notNull())
      .addColumn('target_id', 'text', (c) => c.notNull())
      .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    // The console's activity list, newest first, and one thing's history.
    await db.schema
      .createIndex('operator_actions_at_idx')
      .on('operator_actions')
      .columns(['at', 'id'])
      .execute();
    await db.schema
      .createIndex('operator_actions_target_idx')
      .on('operator_actions')
      .columns(['target_type', 'target_id', 'at'])
      .execute();
    await db.schema.alterTable('orders').addColumn('carrier', 'text').execute();
    await db.schema.alterTable('order_events').addColumn('actor_id', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('order_events').dropColumn('actor_id').execute();
    await db.schema.alterTable('orders').dropColumn('carrier').execute();
    await db.schema.dropTable('operator_actions').execute();
  },
};
