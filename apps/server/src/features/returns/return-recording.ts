/**
 * The steps of a return that commit together, in the caller's transaction under the order's row lock:
 * check, decide, price, exchange, record, move the status, notify, and publish `return.recorded` (its
 * label is made by a job of the labels feature). See returns.service.ts.
 */
import type { Transaction } from 'kysely';
import { returnRefund } from '@sunward/core/returns';
import { sizeLabel } from '@sunward/core/sizes';
import type { Database } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { publishEvent } from '../../lib/jobs/events.ts';
import { ok, type Result } from '../../lib/result.ts';
import { takeAvailableStock } from '../catalog/catalog.api.ts';
import { queueEmail, type ShopIdentity, returnRequestedEmail } from '../email/email.api.ts';
import * as orders from '../orders/orders.api.ts';
import {
  checkReturnable,
  decideForm,
  notFound,
  orderUnits,
  unitLabel,
  type FormInput,
  type FormUnit,
  type ReturnFailure,
} from './return-policy.ts';
import { RETURN_RECORDED, type ReturnRecorded } from './returns.events.ts';
import * as repo from './returns.repository.ts';

type Trx = Transaction<Database>;

/** Thrown inside the return's transaction to roll it back when an exchange's new size is short. */
export class ExchangeShort extends Error {
  constructor(readonly size: string) {
    super(`size ${size} is short for an exchange`);
    this.name = 'ExchangeShort';
  }
}

export interface RecordInput {
  orderId: string;
  request: FormInput;
  /** The return shipping fee quoted for the units sent back; needed only after the first return. */
  fee: Result<number, ReturnFailure>;
  now: Date;
  shop: ShopIdentity;
  /** The order belongs to a customer (the email points to the account, else the order lookup). */
  account: boolean;
  ids: {
    returnId: string;
    publicId: string;
    exchangeOrderId: string;
    exchangeOrderNumber: string;
  };
}

/** Records the return, or answers why the policy refuses it (nothing written then). */
export async function recordReturn(
  trx: Trx,
  input: RecordInput,
): Promise<Result<true, ReturnFailure>> {
  // check: the order as it is now, under its lock
  const order = await orders.lockOrder(trx, input.orderId);
  if (!order) return notFound();
  const earlier = (await orders.returnRecordsOfOrders(trx, [order.id])).get(order.id) ?? [];
  const refused = checkReturnable(
    {
      status: order.status,
      createdAt: order.created_at,
      updatedAt: order.updated_at,
      deliveredAt: order.delivered_at,
      returns: earlier,
      isReplacement: await repo.isReplacementOrder(trx, order.id),
    },
    input.now,
  );
  if (refused) return refused;

  // decide the form
  const units = orderUnits(await orders.listItems(trx, order.id));
  const decided = decideForm(units, earlier, input.request);
  if (!decided.ok) return decided;
  const form = decided.value;

  // price: spec 9 through core
  const isFirstReturn = earlier.length === 0;
  if (!isFirstReturn && !input.fee.ok) return input.fee;
  const refund = returnRefund({
    unitCosts: units.map((u) => u.productCost),
    salesTax: order.sales_tax,
    refundedUnits: form.refunded.map((u) => u.itemId),
    isFirstReturn,
    groundFee: input.fee.ok ? input.fee.value : 0,
  });

  const at = input.now.toISOString();
  const seq = earlier.length + 1;
  const { ids } = input;
  const exchangeOrderNumber = form.exchanged.length > 0 ? ids.exchangeOrderNumber : null;

  // exchange: the new sizes taken from stock, the replacement order created
  if (exchangeOrderNumber) {
    await createReplacement(trx, order, form.exchanged, {
      id: ids.exchangeOrderId,
      orderNumber: exchangeOrderNumber,
      at,
      now: input.now,
      reason: `exchange for order ${order.order_number}, return #${seq}`,
    });
  }

  // record
  await repo.insertReturn(
    trx,
    {
      id: ids.returnId,
      public_id: ids.publicId,
      order_id: order.id,
      seq,
      status: 'requested',
      sales_tax_refund: refund.totalSalesTaxRefund,
      shipping_fee: refund.shippingFee,
      refund_amount: refund.refundAmount,
      return_label: null,
      exchange_order_id: exchangeOrderNumber ? ids.exchangeOrderId : null,
      created_at: at,
      updated_at: at,
    },
    form.units.map((u) => ({
      id: newId('rti'),
      order_item_id: u.orderItemId,
      item_id: u.itemId,
      return_type: u.returnType,
      return_reason: u.returnReason || null,
      size_exchange: u.sizeExchange || null,
      position_exchange: u.positionExchange || null,
      product_id: u.productId,
      design: u.design,
      size: u.size,
      position: u.position,
      product_cost: u.productCost,
    })),
  );

  // status: completed -> return (an order already in return stays), and the event either way
  const reason =
    `return #${seq} requested` +
    (exchangeOrderNumber ? `; exchange order ${exchangeOrderNumber}` : '');
  if (order.status === 'completed') {
    const moved = await orders.transitionOrder(trx, {
      orderId: order.id,
      from: 'completed',
      to: 'return',
      actor: 'customer',
      reason,
      at,
    });
    if (!moved) throw new Error(`Order ${order.id} changed status under its lock`);
  } else {
    await orders.noteOrderEvent(trx, {
      orderId: order.id,
      status: order.status,
      actor: 'customer',
      reason,
      at,
    });
  }

  // notify
  const mail = await returnRequestedEmail(
    {
      orderNumber: order.order_number,
      name: order.billing_name || order.shipping_name,
      units: form.units
        .filter((u) => u.returnType !== 'Keep')
        .map((u) => ({
          label: unitLabel(u),
          returnType: u.returnType === 'Exchange' ? 'Exchange' : 'Refund',
          reason: u.returnReason,
          amount: u.productCost,
          exchangeTo:
            u.returnType === 'Exchange'
              ? `${sizeLabel(u.sizeExchange)}, ${u.positionExchange}`
              : null,
        })),
      totalSalesTaxRefund: refund.totalSalesTaxRefund,
      shippingFee: refund.shippingFee,
      refundAmount: refund.refundAmount,
      exchangeOrderNumber,
      account: input.account,
    },
    input.shop,
  );
  await queueEmail(trx, {
    kind: 'return-requested',
    to: order.email,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    dedupeKey: `return-requested:${ids.returnId}`,
    orderId: order.id,
  });
  // react: the return's label (made and emailed by the labels feature, as a job)
  await publishEvent<ReturnRecorded>(trx, {
    name: RETURN_RECORDED,
    data: { returnId: ids.returnId },
    key: ids.returnId,
  });
  return ok(true);
}

/**
 * The replacement order of an exchange: nobody pays for it (no payment intent, total 0), the same
 * customer, email and addresses, a line per new size and position of the exchanged units (at 0), the
 * stock of the new sizes taken; created pending with its event naming the original order, by the
 * orders feature (createReplacementOrder, through its door).
 */
async function createReplacement(
  trx: Trx,
  order: orders.OrderRow,
  exchanged: readonly FormUnit[],
  replacement: { id: string; orderNumber: string; at: string; now: Date; reason: string },
): Promise<void> {
  const lines = new Map<string, orders.ReplacementLine>();
  for (const u of exchanged) {
    const key = [u.productId, u.priceId, u.design, u.sizeExchange, u.positionExchange].join('|');
    const line = lines.get(key);
    if (line) line.quantity += 1;
    else {
      lines.set(key, {
        productId: u.productId,
        priceId: u.priceId,
        design: u.design,
        size: u.sizeExchange,
        position: u.positionExchange,
        quantity: 1,
      });
    }
  }
  const short = await takeAvailableStock(trx, [...lines.values()], replacement.now);
  if (short) throw new ExchangeShort(short);

  await orders.createReplacementOrder(trx, order, [...lines.values()], replacement);
}
