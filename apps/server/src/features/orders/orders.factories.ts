/** Test factory: a valid order row for a guest in Raleigh, $45 + $5 tax, pending, no intent. */
import { newId, newOrderNumber, nowIso } from '../../lib/ids.ts';
import type { NewOrder } from './orders.table.ts';

export function orderRow(overrides: Partial<NewOrder> = {}): NewOrder {
  const now = nowIso();
  const address = JSON.stringify({
    line1: '1 Main St',
    city: 'Raleigh',
    state: 'NC',
    postal_code: '27601',
  });
  return {
    id: newId('ord'),
    order_number: newOrderNumber(),
    payment_intent_id: null,
    customer_id: null,
    status: 'pending',
    email: 'shopper@example.com',
    shipping_name: 'Pat Shopper',
    shipping_address: address,
    shipping_option: 'ground',
    billing_name: 'Pat Shopper',
    billing_phone: null,
    billing_address: address,
    card_brand: null,
    card_last4: null,
    subtotal: 4500,
    shipping: 0,
    sales_tax: 500,
    total: 5000,
    amount_refunded: 0,
    tracking: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}
