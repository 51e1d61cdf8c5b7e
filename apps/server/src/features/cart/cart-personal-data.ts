/**
 * The bag's part of the personal-data registry (lib/personal-data.ts; decision 032, "Personal data"):
 * a signed-in customer's bag, exported with its lines and deleted by an erasure.
 */
import { definePart } from '../../lib/personal-data.ts';
import { changedRows } from '../../lib/personal-rows.ts';
import { exportedJson } from '../../lib/personal-text.ts';

export const cartPersonalData = definePart({
  feature: 'cart',
  tables: ['carts'],
  order: 60,
  async locate(db, person) {
    const cart = await db
      .selectFrom('carts')
      .selectAll()
      .where('customer_id', '=', person.customerId)
      .executeTakeFirst();
    return { customerId: person.customerId, cart };
  },
  async export(_db, { cart }) {
    return { bag: cart ? { lines: exportedJson(cart.lines), updatedAt: cart.updated_at } : null };
  },
  async erase(trx, { customerId }) {
    const deleted = await trx
      .deleteFrom('carts')
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    return { bags: changedRows([deleted]) };
  },
});
