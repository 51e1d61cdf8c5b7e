/**
 * The return records of orders in the spec's shape (section 3, return record), for every Order view:
 * the records of a whole page of orders in one query (no query per order), each order's oldest first,
 * each record's units in unit order. The record's `id` is the return's random public id. The orders
 * feature reads them (decision 032): the Order view is its own, and the returns feature, which writes
 * these rows, reads them through the orders' door, so the two folders do not import each other.
 */
import type { ReturnItem, ReturnRecord } from '@sunward/core/checkout-schemas';
import { RETURN_REASONS, RETURN_TYPES } from '@sunward/core/returns';
import { POSITIONS } from '@sunward/core/cart';
import { SIZE_CODES } from '@sunward/core/sizes';
import type { Db } from '../../db/database.ts';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : '';

/** Each order's return records, oldest first; an order without returns is absent from the map. */
export async function returnRecordsOfOrders(
  db: Db,
  orderIds: readonly string[],
): Promise<Map<string, ReturnRecord[]>> {
  const byOrder = new Map<string, ReturnRecord[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('returns as r')
    .innerJoin('return_items as i', 'i.return_id', 'r.id')
    .select([
      'r.id as returnId',
      'r.order_id as orderId',
      'r.public_id as publicId',
      'r.created_at as createdAt',
      'r.sales_tax_refund as salesTaxRefund',
      'r.shipping_fee as shippingFee',
      'r.refund_amount as refundAmount',
      'r.return_label as returnLabel',
      'i.item_id as itemId',
      'i.return_type as returnType',
      'i.return_reason as returnReason',
      'i.size_exchange as sizeExchange',
      'i.position_exchange as positionExchange',
      'i.product_id as productId',
      'i.design as design',
      'i.size as size',
      'i.position as position',
      'i.product_cost as productCost',
    ])
    .where('r.order_id', 'in', orderIds)
    .orderBy('r.order_id')
    .orderBy('r.seq')
    .orderBy('i.item_id')
    .execute();

  let current: { id: string; record: ReturnRecord } | undefined;
  for (const row of rows) {
    if (current?.id !== row.returnId) {
      current = {
        id: row.returnId,
        record: {
          id: row.publicId,
          products: [],
          createdAt: row.createdAt,
          totalSalesTaxRefund: row.salesTaxRefund,
          shippingFee: row.shippingFee,
          refundAmount: row.refundAmount,
          returnLabel: row.returnLabel,
        },
      };
      const list = byOrder.get(row.orderId) ?? [];
      list.push(current.record);
      byOrder.set(row.orderId, list);
    }
    const returnType = oneOf(RETURN_TYPES, row.returnType) || 'Keep';
    const item: ReturnItem = {
      itemId: row.itemId,
      returnType,
      returnReason: oneOf(RETURN_REASONS, row.returnReason),
      sizeExchange: oneOf(SIZE_CODES, row.sizeExchange),
      positionExchange: oneOf(POSITIONS, row.positionExchange),
      selected: returnType !== 'Keep',
      design: row.design,
      position: row.position,
      productCost: row.productCost,
      size: row.size,
      productId: row.productId,
    };
    current.record.products.push(item);
  }
  return byOrder;
}
