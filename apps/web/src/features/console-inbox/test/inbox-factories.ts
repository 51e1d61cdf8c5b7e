/** Test data for the inbox's components: answers of the console's API as the server makes them. */
import type {
  DataRequestDetail,
  DataRequestSummary,
  SupportMessageDetail,
} from '@sunward/core/console-inbox';

export function supportMessage(
  overrides: Partial<SupportMessageDetail> = {},
): SupportMessageDetail {
  return {
    id: 'sup_1',
    status: 'open',
    createdAt: '2026-06-01T14:00:00.000Z',
    email: 'pat@example.com',
    orderNumber: 'AB12CD34EF',
    excerpt: 'My shirt is too long.',
    replyCount: 0,
    customerId: null,
    erased: false,
    message: 'My shirt is too long.\nCan I swap it?',
    customer: null,
    order: {
      orderNumber: 'AB12CD34EF',
      status: 'shipped',
      total: 9428,
      createdAt: '2026-05-20T14:00:00.000Z',
    },
    replyTo: 'pat@example.com',
    replies: [],
    ...overrides,
  };
}

export function dataRequest(overrides: Partial<DataRequestDetail> = {}): DataRequestDetail {
  return {
    id: 'dr_1',
    status: 'open',
    email: 'pat@example.com',
    excerpt: 'Please delete my data.',
    receivedAt: '2026-06-01T14:00:00.000Z',
    dueBy: '2026-07-16',
    daysLeft: 12,
    overdue: false,
    completedAt: null,
    customerId: null,
    erased: false,
    emailProvenAt: null,
    message: 'Please delete my data.',
    completionNote: null,
    customers: [],
    guest: null,
    ...overrides,
  };
}

export const summaryOf = (detail: DataRequestDetail): DataRequestSummary => {
  const { message: _m, completionNote: _n, customers: _c, guest: _g, ...summary } = detail;
  return summary;
};
