/**
 * The console orders' part of the personal-data registry (lib/personal-data.ts; decision 032,
 * "Personal data"): operators' notes on the person's orders (migration 013) may name them. The notes
 * are kept with the orders; an erasure replaces the person's identifiers in their text. Not exported:
 * they are the operators' notes, not the customer's data (as before the registry).
 */
import { definePart } from '../../lib/personal-data.ts';
import { inChunks, scrubRows } from '../../lib/personal-rows.ts';

export const consoleOrdersPersonalData = definePart({
  feature: 'console-orders',
  tables: ['order_notes'],
  order: 110,
  locate: async (_db, person) => person.orders.map((o) => o.id),
  async scrubKept(trx, orderIds, { scrub }) {
    const rows = await inChunks(orderIds, (part) =>
      trx
        .selectFrom('order_notes')
        .select(['id', 'body as text'])
        .where('order_id', 'in', part)
        .execute(),
    );
    return scrubRows(trx, 'order_notes', 'body', rows, scrub);
  },
});
