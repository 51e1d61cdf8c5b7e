/**
 * The returns' part of the personal-data registry (lib/personal-data.ts; decision 032, "Personal
 * data"): the returns of the person's orders and their units. They hold no name or address (the
 * label does: labels' part), so an erasure keeps them whole with the orders; the export shows them
 * inside their orders, in the `returns` the orders' part leaves for them, each with the `label` the
 * labels' part fills in. It tells later parts the returns' ids.
 */
import type { Db } from '../../db/database.ts';
import { definePart, sectionRecords } from '../../lib/personal-data.ts';
import { inChunks } from '../../lib/personal-rows.ts';

const returnsOf = (db: Db, orderIds: readonly string[]) =>
  inChunks(orderIds, (part) =>
    db.selectFrom('returns').selectAll().where('order_id', 'in', part).orderBy('seq').execute(),
  );

const unitsOf = (db: Db, returnIds: readonly string[]) =>
  inChunks(returnIds, (part) =>
    db
      .selectFrom('return_items')
      .selectAll()
      .where('return_id', 'in', part)
      .orderBy('item_id')
      .execute(),
  );

export const returnsPersonalData = definePart({
  feature: 'returns',
  tables: ['returns', 'return_items'],
  order: 70,
  async locate(db, person) {
    const returns = await returnsOf(
      db,
      person.orders.map((o) => o.id),
    );
    person.returns.push(...returns.map((r) => ({ id: r.id, publicId: r.public_id })));
    const numbers = new Map(person.orders.map((o) => [o.id, o.orderNumber]));
    return returns.map((r) => ({ ...r, orderNumber: numbers.get(r.order_id) }));
  },
  async export(db, returns, document) {
    const units = await unitsOf(
      db,
      returns.map((r) => r.id),
    );
    for (const order of sectionRecords(document, 'orders')) {
      order.returns = returns
        .filter((r) => r.orderNumber === order.orderNumber)
        .map((r) => ({
          id: r.public_id,
          number: r.seq,
          status: r.status,
          createdAt: r.created_at,
          updatedAt: r.updated_at,
          refundAmount: r.refund_amount,
          salesTaxRefund: r.sales_tax_refund,
          shippingFee: r.shipping_fee,
          // The labels' part fills it in (labels/labels-personal-data.ts).
          label: null,
          units: units
            .filter((u) => u.return_id === r.id)
            .map((u) => ({
              unit: u.item_id,
              choice: u.return_type,
              reason: u.return_reason,
              design: u.design,
              size: u.size,
              position: u.position,
              exchangeSize: u.size_exchange,
              exchangePosition: u.position_exchange,
              cost: u.product_cost,
            })),
        }));
    }
    return {};
  },
});
