import type { Dashboard } from '@sunward/core/console-dashboard';

const day = (d: string, sales: number, orders: number, refunds = 0) => ({
  day: d,
  sales,
  orders,
  averageOrderValue: orders ? Math.floor((2 * sales + orders) / (2 * orders)) : null,
  refunds,
});

/** A dashboard answer: the worked example of the server's test (03/07-03/10/2025), nothing waiting. */
export function createDashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    today: '2025-03-10',
    timeZone: 'America/New_York',
    needsAttention: {
      toShip: { count: 0, pending: 0, inProgress: 0, items: [] },
      failedEmails: { count: 0, items: [] },
      openReturns: { count: 0, items: [] },
      dataRequests: { count: 0, overdue: 0, items: [] },
      paymentsToCheck: { count: 0, items: [] },
      paymentPage: { count: 0, items: [] },
      outOfStock: { count: 0, items: [] },
    },
    sales: {
      period: {
        from: '2025-03-07',
        to: '2025-03-10',
        days: [
          day('2025-03-07', 5000, 1),
          day('2025-03-08', 9001, 2, 4500),
          day('2025-03-09', 1000, 1),
          day('2025-03-10', 5001, 2, 500),
        ],
        totals: { sales: 20002, orders: 6, averageOrderValue: 3334, refunds: 5000 },
      },
      previous: {
        from: '2025-03-03',
        to: '2025-03-06',
        days: [
          day('2025-03-03', 1, 1),
          day('2025-03-04', 0, 0),
          day('2025-03-05', 0, 0, 999),
          day('2025-03-06', 9999, 1),
        ],
        totals: { sales: 10000, orders: 2, averageOrderValue: 5000, refunds: 999 },
      },
      change: { sales: 100, orders: 200, averageOrderValue: -33.3 },
    },
    ...overrides,
  };
}

/** Every queue with something in it. */
export function busyQueues(): Dashboard['needsAttention'] {
  return {
    toShip: {
      count: 3,
      pending: 2,
      inProgress: 1,
      items: [
        {
          orderNumber: 'SW10000001',
          status: 'pending',
          createdAt: '2025-03-08T15:00:00.000Z',
          ageHours: 50,
          total: 4500,
          name: 'Pat Shopper',
        },
        {
          orderNumber: 'SW10000002',
          status: 'in-progress',
          createdAt: '2025-03-10T12:00:00.000Z',
          ageHours: 3,
          total: 9000,
          name: 'Riley Shore',
        },
      ],
    },
    failedEmails: {
      count: 1,
      items: [
        {
          id: 'eml_1',
          kind: 'order-shipped',
          to: 'pat@example.com',
          subject: 'Your order has shipped',
          createdAt: '2025-03-09T15:00:00.000Z',
          lastError: '550 mailbox unavailable',
        },
      ],
    },
    openReturns: {
      count: 1,
      items: [
        {
          id: 'ret_1',
          publicId: 'rtn_1',
          orderNumber: 'SW10000003',
          status: 'requested',
          createdAt: '2025-03-05T15:00:00.000Z',
          refundAmount: 4500,
        },
      ],
    },
    dataRequests: {
      count: 2,
      overdue: 1,
      items: [
        {
          id: 'dr_1',
          email: 'late@example.com',
          status: 'open',
          dueBy: '2025-03-08',
          daysLeft: -2,
        },
        { id: 'dr_2', email: 'soon@example.com', status: 'open', dueBy: '2025-03-13', daysLeft: 3 },
      ],
    },
    paymentsToCheck: {
      count: 1,
      items: [
        {
          id: 'recf_1',
          kind: 'amount_mismatch',
          orderNumber: 'SW10000009',
          paymentIntentId: 'pi_9',
          detail: 'Order SW10000009 totals $47.14; its payment charged $45.00.',
          createdAt: '2025-03-10T06:00:00.000Z',
        },
      ],
    },
    paymentPage: {
      count: 1,
      items: [
        {
          id: 'ppf_1',
          kind: 'script_not_in_inventory',
          subject: 'https://evil.example/skim.js',
          detail:
            'A script from https://evil.example, which the inventory does not list, is on the page.',
          createdAt: '2025-03-10T07:00:00.000Z',
        },
      ],
    },
    outOfStock: {
      count: 1,
      items: [
        {
          productId: 'prod_shirt',
          productName: 'UPF 50+ Graphic Sun Shirt',
          size: 'mdr',
          stock: null,
          outOfStock: true,
        },
      ],
    },
  };
}
