/** Test data for the console's returns: a return as GET /api/admin/returns/{id} answers it. */
import type {
  ReturnDetail,
  ReturnSummary,
  ReturnUnitView,
} from '@sunward/core/console-returns-schemas';

export const RETURN_ID = 'ret_abc123';

export const unitView = (overrides: Partial<ReturnUnitView> = {}): ReturnUnitView => ({
  itemId: 0,
  returnType: 'Refund',
  returnReason: 'too-tight',
  design: 'alaska',
  size: 'mdr',
  position: 'Front',
  productCost: 4500,
  sizeExchange: null,
  positionExchange: null,
  restocked: null,
  ...overrides,
});

export const returnSummary = (overrides: Partial<ReturnSummary> = {}): ReturnSummary => ({
  id: RETURN_ID,
  seq: 1,
  status: 'requested',
  createdAt: '2026-11-20T15:00:00.000Z',
  order: {
    orderNumber: 'SW-1001',
    status: 'return',
    name: 'Jamie Rivera',
    email: 'jamie@example.com',
  },
  units: [
    unitView(),
    unitView({
      itemId: 1,
      returnType: 'Exchange',
      returnReason: 'too-short',
      sizeExchange: 'lgr',
      positionExchange: 'Back',
    }),
    unitView({ itemId: 2, returnType: 'Keep', returnReason: '' }),
  ],
  totalSalesTaxRefund: 214,
  shippingFee: 0,
  refundAmount: 4714,
  labelTracking: '9200000000000000000001',
  exchangeOrderNumber: 'SW-2002',
  receivedAt: null,
  refundedAt: null,
  closedAt: null,
  ...overrides,
});

export const returnDetail = (overrides: Partial<ReturnDetail> = {}): ReturnDetail => ({
  ...returnSummary(),
  order: {
    ...returnSummary().order,
    total: 14141,
    amountRefunded: 0,
    card: { brand: 'visa', last4: '4242' },
  },
  label: {
    url: 'http://localhost/api/returns/labels/tok.pdf',
    trackingNumber: '9200000000000000000001',
    provider: 'sandbox',
    createdAt: '2026-11-20T15:00:01.000Z',
  },
  refund: null,
  exchangeOrder: {
    orderNumber: 'SW-2002',
    status: 'pending',
    carrier: null,
    tracking: null,
    trackingUrl: null,
  },
  actions: { receive: true, refund: false, refundWithoutReceipt: true, close: true },
  timeline: [
    {
      at: '2026-11-20T15:00:00.000Z',
      by: 'customer',
      action: 'requested',
      text: 'Return #1 requested',
    },
  ],
  ...overrides,
});

/** The same return once received (unit 0 restocked, unit 1 not). */
export const receivedDetail = (overrides: Partial<ReturnDetail> = {}): ReturnDetail => {
  const base = returnDetail();
  return {
    ...base,
    status: 'received',
    receivedAt: '2026-11-22T15:00:00.000Z',
    units: base.units.map((u) =>
      u.returnType === 'Keep' ? u : { ...u, restocked: u.itemId === 0 },
    ),
    actions: { receive: false, refund: true, refundWithoutReceipt: false, close: true },
    ...overrides,
  };
};
