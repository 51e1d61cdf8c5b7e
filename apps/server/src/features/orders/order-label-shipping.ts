/**
 * An order shipped with a label the shop bought (the labels feature, decision 039), and made ready to
 * ship again when that label is voided before the carrier scanned it. The same changes as the
 * console's Mark shipped (order-status.service.ts): under the order's row lock, each transition with
 * its event and operator action, and the shipped email keyed by the tracking number (one email per
 * label, however often this runs), but in the caller's transaction, so the label's record commits with
 * them or not at all.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../lib/ids.ts';
import { recordOperatorAction, type Operator } from '../operators/operators.api.ts';
import { loadShopIdentity } from '../settings/settings.api.ts';
import { queueShippedEmail, record } from './order-status.service.ts';
import * as repo from './orders.repository.ts';

export interface LabelShipment {
  orderId: string;
  /** Who bought the label (a job settling it acts for them). */
  operator: Operator;
  carrier: 'usps';
  tracking: string;
  siteUrl: string;
}

/**
 * pending -> in-progress -> shipped, or in-progress -> shipped, with the tracking number and the
 * shipped email. Answers false when the order is in no status a label ships from (cancelled meanwhile)
 * or a refund with a status change holds it (order-refunds.service.ts): nothing is changed then.
 * An order already shipped with this tracking number answers true and changes nothing.
 */
export async function shipWithLabel(
  trx: Transaction<Database>,
  shipment: LabelShipment,
): Promise<boolean> {
  const { orderId, operator, carrier, tracking } = shipment;
  const order = await repo.lockOrder(trx, orderId);
  if (!order) return false;
  if (order.status === 'shipped' && order.tracking === tracking) return true;
  const reason = 'shipped with a label bought by the shop';
  const at = nowIso();
  let from = order.status;
  if (from === 'pending') {
    const started = await repo.transitionOrder(trx, {
      orderId,
      from,
      to: 'in-progress',
      actor: 'operator',
      actorId: operator.customerId,
      reason,
      at,
    });
    if (!started) return false;
    await record(trx, operator, order, 'pending', 'in-progress', reason, at);
    from = 'in-progress';
  }
  if (from !== 'in-progress') return false;
  const moved = await repo.transitionOrder(trx, {
    orderId,
    from,
    to: 'shipped',
    actor: 'operator',
    actorId: operator.customerId,
    reason,
    at,
    tracking,
    carrier,
  });
  if (!moved) return false;
  await record(trx, operator, order, 'in-progress', 'shipped', reason, at, { carrier, tracking });
  await queueShippedEmail(
    trx,
    order,
    at,
    { carrier, tracking },
    await loadShopIdentity(trx, shipment.siteUrl),
  );
  return true;
}

/**
 * shipped -> in-progress, the tracking number and carrier cleared, when the order's label (`tracking`)
 * is voided. Answers false, changing nothing, when the order is not shipped with that label (shipped
 * by hand with another number, delivered meanwhile).
 */
export async function unshipOrder(
  trx: Transaction<Database>,
  input: { orderId: string; operator: Operator; tracking: string },
): Promise<boolean> {
  const order = await repo.lockOrder(trx, input.orderId);
  if (!order || order.status !== 'shipped' || order.tracking !== input.tracking) return false;
  const reason = 'label voided: ready to ship again';
  const at = nowIso();
  const moved = await repo.transitionOrder(trx, {
    orderId: order.id,
    from: 'shipped',
    to: 'in-progress',
    actor: 'operator',
    actorId: input.operator.customerId,
    reason,
    at,
    tracking: null,
    carrier: null,
  });
  if (!moved) return false;
  await recordOperatorAction(trx, input.operator, {
    action: 'order.void-label',
    targetType: 'order',
    targetId: order.order_number,
    detail: { from: 'shipped', to: 'in-progress', reason, voidedTracking: input.tracking },
    at,
  });
  return true;
}
