/**
 * Bulk mark-shipped (issue 15): each order through the operators' one door, `changeOrderStatus`, and
 * answered on its own (shipped, or why not), in the order given. The machine has no pending ->
 * shipped edge, so a pending order goes pending -> in-progress -> shipped, two changes, each with its
 * event and operator action. The carrier and tracking number are checked before the first change, so
 * a bad number never leaves an order half way. Sending the same list again answers each shipped order
 * as it is (the door's replay), so a retried request ships nothing twice.
 */
import { parseTracking, TRACKING_MESSAGE } from '@sunward/core/carriers';
import type { ShipRequest, ShipResult } from '@sunward/core/console-orders';
import type { Db } from '../../db/database.ts';
import { normalizeOrderNumber } from '../../lib/ids.ts';
import type { Operator } from '../operators/operators.api.ts';
import { changeOrderStatus, type OrderDeps } from '../orders/orders.api.ts';
import * as orders from '../orders/orders.api.ts';

type ShipOne = ShipResult['results'][number];

const REASON = 'marked shipped from the orders list';

async function shipOne(
  db: Db,
  deps: OrderDeps,
  operator: Operator,
  input: ShipRequest['orders'][number],
): Promise<ShipOne> {
  // Answered under the number as it was sent, so the console matches each answer to its row.
  const asked = input.orderNumber;
  const orderNumber = normalizeOrderNumber(asked);
  const failed = (code: string, message: string): ShipOne => ({
    orderNumber: asked,
    ok: false,
    code,
    message,
  });
  if (!parseTracking(input.tracking)) return failed('tracking_required', TRACKING_MESSAGE);
  const order = await orders.findOrderByNumber(db, orderNumber);
  if (!order) return failed('not_found', `There is no order ${asked}.`);
  if (order.status === 'pending') {
    const started = await changeOrderStatus(db, deps, operator, {
      orderNumber,
      status: 'in-progress',
      reason: REASON,
    });
    // Another operator may have started it meanwhile: shipping it is still what was asked.
    if (!started.ok && started.code !== 'illegal_transition') {
      return failed(started.code, started.message);
    }
  }
  const shipped = await changeOrderStatus(db, deps, operator, {
    orderNumber,
    status: 'shipped',
    carrier: input.carrier,
    tracking: input.tracking,
    reason: REASON,
  });
  return shipped.ok
    ? { orderNumber: asked, ok: true, status: shipped.value.status }
    : failed(shipped.code, shipped.message);
}

/** Ships each order of `orders` (one after the other), answering each. */
export async function shipOrders(
  db: Db,
  deps: OrderDeps,
  operator: Operator,
  orders: ShipRequest['orders'],
): Promise<ShipResult> {
  const results: ShipOne[] = [];
  for (const input of orders) results.push(await shipOne(db, deps, operator, input));
  return { results };
}
