/**
 * The orders' part of the personal-data registry (lib/personal-data.ts; decision 032, "Personal
 * data"): the orders placed signed in, and the guest orders (no customer) placed with an address the
 * person proved (never an unverified one: it may be anyone's). It tells later parts the orders (their
 * records, returns and whether one still needs its address), their payment intents, and the addresses
 * of the orders placed signed in (the shop wrote to them). An erasure keeps each order's number,
 * amounts, items, dates, status, refunds and history (the financial records the law requires) and
 * empties its people; the history's and refunds' reasons keep their text with the person scrubbed.
 */
import type { Db } from '../../db/database.ts';
import { definePart } from '../../lib/personal-data.ts';
import { inChunks, scrubRows } from '../../lib/personal-rows.ts';
import {
  addDistinct,
  exportedJson,
  lowerEmail,
  personalStrings,
  taxOnlyAddress,
} from '../../lib/personal-text.ts';

/** Orders placed signed in, and guest orders (no customer) placed with one of `guestEmails`. */
function ordersOf(db: Db, customerId: string, guestEmails: readonly string[]) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('customer_id', '=', customerId),
        ...(guestEmails.length
          ? [
              eb.and([
                eb('customer_id', 'is', null),
                eb(eb.fn('lower', ['email']), 'in', guestEmails),
              ]),
            ]
          : []),
      ]),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

const itemsOf = (db: Db, orderIds: readonly string[]) =>
  inChunks(orderIds, (part) =>
    db
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', 'in', part)
      .orderBy('line_no')
      .execute(),
  );

const eventsOf = (db: Db, orderIds: readonly string[]) =>
  inChunks(orderIds, (part) =>
    db.selectFrom('order_events').selectAll().where('order_id', 'in', part).orderBy('at').execute(),
  );

const refundsOf = (db: Db, orderIds: readonly string[]) =>
  inChunks(orderIds, (part) =>
    db
      .selectFrom('order_refunds')
      .selectAll()
      .where('order_id', 'in', part)
      .orderBy('created_at')
      .execute(),
  );

function byOrder<T extends { order_id: string }>(rows: T[]): (orderId: string) => T[] {
  const map = new Map<string, T[]>();
  for (const row of rows) map.set(row.order_id, [...(map.get(row.order_id) ?? []), row]);
  return (orderId) => map.get(orderId) ?? [];
}

export const ordersPersonalData = definePart({
  feature: 'orders',
  tables: ['orders', 'order_items', 'order_events', 'order_refunds'],
  order: 30,
  async locate(db, person) {
    const orders = await ordersOf(db, person.customerId, person.verifiedEmails);
    person.orders.push(
      ...orders.map((o) => ({ id: o.id, orderNumber: o.order_number, status: o.status })),
    );
    addDistinct(
      person.paymentIntentIds,
      orders.flatMap((o) => (o.payment_intent_id ? [o.payment_intent_id] : [])),
    );
    addDistinct(
      person.addresses,
      orders.filter((o) => o.customer_id === person.customerId).map((o) => lowerEmail(o.email)),
    );
    return { customerId: person.customerId, orders };
  },
  identifiers: ({ orders }) =>
    orders.flatMap((o) => [
      o.email,
      o.shipping_name,
      o.billing_name,
      o.billing_phone,
      ...personalStrings(o.shipping_address),
      ...personalStrings(o.billing_address),
    ]),
  async export(db, { orders }) {
    const orderIds = orders.map((o) => o.id);
    const [items, events, refunds] = await Promise.all([
      itemsOf(db, orderIds),
      eventsOf(db, orderIds),
      refundsOf(db, orderIds),
    ]);
    const [itemsOfOrder, eventsOfOrder, refundsOfOrder] = [
      byOrder(items),
      byOrder(events),
      byOrder(refunds),
    ];
    return {
      orders: orders.map((o) => ({
        orderNumber: o.order_number,
        status: o.status,
        placedAt: o.created_at,
        updatedAt: o.updated_at,
        email: o.email,
        shipping: {
          name: o.shipping_name,
          address: exportedJson(o.shipping_address),
          option: o.shipping_option,
        },
        billing: {
          name: o.billing_name,
          phone: o.billing_phone,
          address: exportedJson(o.billing_address),
          card: { brand: o.card_brand, last4: o.card_last4 },
        },
        subtotal: o.subtotal,
        shippingCost: o.shipping,
        salesTax: o.sales_tax,
        total: o.total,
        amountRefunded: o.amount_refunded,
        carrier: o.carrier,
        tracking: o.tracking,
        items: itemsOfOrder(o.id).map((i) => ({
          design: i.design,
          size: i.size,
          position: i.position,
          quantity: i.quantity,
          unitAmount: i.unit_amount,
          productId: i.product_id,
        })),
        history: eventsOfOrder(o.id).map((e) => ({
          at: e.at,
          by: e.actor,
          from: e.from_status,
          to: e.to_status,
          reason: e.reason,
        })),
        refunds: refundsOfOrder(o.id).map((r) => ({
          at: r.created_at,
          amount: r.amount,
          reason: r.reason,
          by: r.actor,
        })),
        // The returns' part fills these in (returns/returns-personal-data.ts).
        returns: [] as unknown[],
      })),
    };
  },
  detail: ({ orders }) => ({
    orders: orders.map((o) => ({
      orderNumber: o.order_number,
      status: o.status,
      total: o.total,
      amountRefunded: o.amount_refunded,
      createdAt: o.created_at,
    })),
  }),
  async scrubKept(trx, { orders }, { scrub }) {
    let changed = 0;
    const orderIds = orders.map((o) => o.id);
    for (const table of ['order_events', 'order_refunds'] as const) {
      const rows = await inChunks(orderIds, (part) =>
        trx
          .selectFrom(table)
          .select(['id', 'reason as text'])
          .where('order_id', 'in', part)
          .execute(),
      );
      changed += await scrubRows(trx, table, 'reason', rows, scrub);
    }
    return changed;
  },
  /** The orders stay with the erased placeholder customer; their people go. */
  async erase(trx, { customerId, orders }) {
    for (const order of orders) {
      await trx
        .updateTable('orders')
        .set({
          customer_id: customerId,
          email: '',
          shipping_name: '',
          billing_name: '',
          billing_phone: null,
          shipping_address: taxOnlyAddress(order.shipping_address) ?? '{}',
          billing_address: taxOnlyAddress(order.billing_address) ?? '{}',
        })
        .where('id', '=', order.id)
        .execute();
    }
    return { orders: orders.length };
  },
});
