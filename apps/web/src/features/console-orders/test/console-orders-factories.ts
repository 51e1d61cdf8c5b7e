/** Factories for the console's order answers, as the server sends them. */
import type {
  ConsoleOrderDetail,
  ConsoleOrderSummary,
  RefundQuote,
} from '@sunward/core/console-orders';
import { createOrder } from '@/test/factories.ts';

export function createOrderSummary(
  overrides: Partial<ConsoleOrderSummary> = {},
): ConsoleOrderSummary {
  return {
    orderNumber: 'K7QM2XD4RA',
    createdAt: '2026-06-01T15:00:00.000Z',
    status: 'pending',
    paymentStatus: 'paid',
    email: 'jamie@example.com',
    name: 'Jamie Rivera',
    itemCount: 2,
    total: 9630,
    refunded: 0,
    returnStatus: null,
    carrier: null,
    tracking: null,
    ...overrides,
  };
}

export function createOrderDetail(overrides: Partial<ConsoleOrderDetail> = {}): ConsoleOrderDetail {
  const order = createOrder({ orderNumber: 'K7QM2XD4RA', status: 'pending' });
  return {
    order,
    paymentStatus: 'paid',
    payment: {
      intentId: 'pi_123',
      card: { brand: 'visa', last4: '4242' },
      paid: order.total,
      refunded: 0,
      left: order.total,
      refunds: [],
    },
    lines: order.products.map((p, i) => ({
      line: i + 1,
      design: p.design,
      size: p.size,
      position: p.position,
      quantity: p.quantity,
      unitAmount: p.productCost,
      refundedUnits: 0,
    })),
    shippingRefunded: false,
    emails: [],
    events: [
      {
        id: 'oe_1',
        at: order.createdAt,
        actor: 'system',
        operatorEmail: null,
        from: null,
        to: 'pending',
        reason: 'paid (webhook)',
      },
    ],
    notes: [],
    returns: [],
    replacementFor: null,
    allowedStatuses: ['in-progress', 'cancelled'],
    ...overrides,
  };
}

export function createQuote(overrides: Partial<RefundQuote> = {}): RefundQuote {
  return {
    amount: 4714,
    lines: [{ line: 1, quantity: 1, unitAmount: 4500, tax: 214, amount: 4714 }],
    shipping: 0,
    left: 9630,
    ...overrides,
  };
}
