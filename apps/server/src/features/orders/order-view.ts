/** Maps order rows to the spec's order shape (section 3). Money stays in cents. */
import type { Order, ReturnRecord, TrackingEvent } from '@sunward/core/checkout-schemas';
import { salesTaxRateOf } from '../tax/tax.api.ts';
import type { OrderItemRow, OrderRow } from './orders.table.ts';

type JsonAddress = Partial<
  Record<'line1' | 'line2' | 'city' | 'state' | 'postal_code' | 'country', string>
>;

function address(json: string): Order['shipping']['address'] {
  const a = JSON.parse(json) as JsonAddress;
  return {
    line1: a.line1 ?? '',
    line2: a.line2 ?? '',
    city: a.city ?? '',
    state: a.state ?? '',
    postal_code: a.postal_code ?? '',
    country: a.country ?? 'US',
  };
}

/** What the view reads of an order: a row read back, or the one an order is about to write. */
export type OrderViewRow = Pick<
  OrderRow,
  | 'order_number'
  | 'status'
  | 'created_at'
  | 'updated_at'
  | 'tracking'
  | 'carrier'
  | 'delivered_at'
  | 'shipping_name'
  | 'shipping_address'
  | 'shipping_option'
  | 'email'
  | 'billing_name'
  | 'billing_phone'
  | 'billing_address'
  | 'card_brand'
  | 'card_last4'
  | 'subtotal'
  | 'shipping'
  | 'discount_code'
  | 'discount'
  | 'sales_tax'
  | 'tax_rate'
  | 'tax_parts'
  | 'total'
>;

/** What the view reads of an order's line. */
export type OrderViewItem = Pick<
  OrderItemRow,
  'product_id' | 'design' | 'size' | 'position' | 'quantity' | 'unit_amount' | 'discount'
>;

/**
 * The Order view of a row, its items in line order, its return records oldest first and its parcel's
 * scans newest first (loaded for a
 * page of orders at once by order-views.ts; a new or pending order has none).
 */
export function toOrderView(
  order: OrderViewRow,
  items: readonly OrderViewItem[],
  returns: readonly ReturnRecord[],
  trackingEvents: readonly TrackingEvent[] = [],
): Order {
  return {
    orderNumber: order.order_number,
    status: order.status,
    createdAt: order.created_at,
    updatedAt: order.updated_at,
    tracking: order.tracking,
    carrier: order.carrier,
    trackingEvents: [...trackingEvents],
    deliveredAt: order.delivered_at ?? null,
    products: items.map((i) => ({
      productId: i.product_id,
      design: i.design,
      size: i.size,
      position: i.position,
      quantity: i.quantity,
      productCost: i.unit_amount,
      ...(i.discount > 0 && { discount: i.discount }),
    })),
    returns: [...returns],
    shipping: { name: order.shipping_name, address: address(order.shipping_address) },
    shippingOption: order.shipping_option === 'priority' ? 'priority' : 'ground',
    billing: {
      name: order.billing_name,
      email: order.email,
      phone: order.billing_phone,
      address: address(order.billing_address),
      card: { brand: order.card_brand, last4: order.card_last4 },
    },
    subTotal: order.subtotal,
    shippingRate: order.shipping,
    ...(order.discount_code && { discountCode: order.discount_code, discount: order.discount }),
    salesTax: order.sales_tax,
    salesTaxRate: salesTaxRateOf(order),
    total: order.total,
  };
}
