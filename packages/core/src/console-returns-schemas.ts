/**
 * zod schemas of the console's returns calls (issue 15, /api/admin/returns), shared by the API and the
 * console. Money is integer cents; a return is named by its public id (`ret_…`), as the customer's
 * return record names it.
 */
import { z } from 'zod';
import { RETURN_REASONS, RETURN_TYPES } from './returns.ts';
import { RETURN_STATUSES } from './return-status.ts';
import { wholeNumberParam } from './query-numbers.ts';

const cents = () => z.number().int().nonnegative();

/** The queue's filter: the open returns (the default), one status, or every return. */
export const RETURN_QUEUE_FILTERS = ['open', ...RETURN_STATUSES, 'all'] as const;
export type ReturnQueueFilter = (typeof RETURN_QUEUE_FILTERS)[number];

/** A return id as the console sends it back (the server checks it names a return). */
export const ReturnIdSchema = z
  .string()
  .regex(/^ret_[A-Za-z0-9_-]{1,60}$/, 'A return id is ret_ followed by letters and digits.');

/** Makes a retried or double-clicked request one change: the same key, the same answer. */
export const IdempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, 'An idempotency key is 8 to 100 letters, digits, - or _.');

export const ReturnQueueQuerySchema = z.object({
  status: z.enum(RETURN_QUEUE_FILTERS).default('open'),
  /** The `next` of the previous page. */
  cursor: z
    .string()
    .max(200)
    .regex(/^[^|]+\|ret_[A-Za-z0-9_-]+$/, 'cursor is the next of the previous page')
    .optional(),
  limit: wholeNumberParam(1, 100, 25),
});

export const ReturnUnitViewSchema = z.object({
  /** The unit's number over the order's units (decision 018). */
  itemId: z.number().int().nonnegative(),
  returnType: z.enum(RETURN_TYPES),
  returnReason: z.union([z.enum(RETURN_REASONS), z.literal('')]),
  /** The design's slug, size code and position of the unit as ordered. */
  design: z.string(),
  size: z.string(),
  position: z.string(),
  productCost: cents(),
  /** Exchange: the new size code and position. */
  sizeExchange: z.string().nullable(),
  positionExchange: z.string().nullable(),
  /** Sent back and received: whether its size went back to stock; null otherwise. */
  restocked: z.boolean().nullable(),
});
export type ReturnUnitView = z.infer<typeof ReturnUnitViewSchema>;

/** A return in the queue. */
export const ReturnSummarySchema = z.object({
  id: z.string(),
  /** 1 for the order's first return, 2 for the next, … */
  seq: z.number().int().positive(),
  status: z.enum(RETURN_STATUSES),
  createdAt: z.string(),
  order: z.object({
    orderNumber: z.string(),
    status: z.string(),
    name: z.string(),
    email: z.string(),
  }),
  /** Every unit of the return form, Keep ones too, in unit order. */
  units: z.array(ReturnUnitViewSchema),
  totalSalesTaxRefund: cents(),
  shippingFee: cents(),
  refundAmount: cents(),
  /** The label's tracking number once it is made; null: no label yet. */
  labelTracking: z.string().nullable(),
  /** The replacement order an exchange made. */
  exchangeOrderNumber: z.string().nullable(),
  receivedAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type ReturnSummary = z.infer<typeof ReturnSummarySchema>;

export const ReturnQueueSchema = z.object({
  returns: z.array(ReturnSummarySchema),
  /** The cursor of the next page; null on the last. */
  next: z.string().nullable(),
});
export type ReturnQueue = z.infer<typeof ReturnQueueSchema>;

export const ReturnTimelineEntrySchema = z.object({
  at: z.string(),
  /** customer | the operator's email */
  by: z.string(),
  /** requested, or the operator's action: return.label, return.receive, return.refund, return.close */
  action: z.string(),
  /** What happened, in words. */
  text: z.string(),
});
export type ReturnTimelineEntry = z.infer<typeof ReturnTimelineEntrySchema>;

export const ReturnDetailSchema = ReturnSummarySchema.extend({
  order: ReturnSummarySchema.shape.order.extend({
    total: cents(),
    amountRefunded: cents(),
    card: z.object({ brand: z.string().nullable(), last4: z.string().nullable() }),
  }),
  label: z
    .object({
      url: z.string(),
      trackingNumber: z.string(),
      provider: z.string(),
      createdAt: z.string(),
    })
    .nullable(),
  /** The refund that paid the return: its amount, the operator's reason (null: none), when. */
  refund: z.object({ amount: cents(), reason: z.string().nullable(), at: z.string() }).nullable(),
  /** The replacement order of an exchange, shipped from the orders console with its own tracking. */
  exchangeOrder: z
    .object({
      orderNumber: z.string(),
      status: z.string(),
      carrier: z.string().nullable(),
      tracking: z.string().nullable(),
      trackingUrl: z.string().nullable(),
    })
    .nullable(),
  /** What the operator may do now (core/return-status.ts returnActions). */
  actions: z.object({
    receive: z.boolean(),
    refund: z.boolean(),
    refundWithoutReceipt: z.boolean(),
    close: z.boolean(),
  }),
  /** Oldest first: the request, then every operator action on the return. */
  timeline: z.array(ReturnTimelineEntrySchema),
});
export type ReturnDetail = z.infer<typeof ReturnDetailSchema>;

export const IssueLabelBodySchema = z.object({ idempotencyKey: IdempotencyKeySchema });

export const ReceiveReturnBodySchema = z.object({
  /** Every unit sent back (Refund or Exchange), each once: restock its size, or not (damaged). */
  units: z
    .array(z.object({ itemId: z.number().int().min(0).max(100_000), restock: z.boolean() }))
    .min(1)
    .max(1000),
});
export type ReceiveReturnBody = z.infer<typeof ReceiveReturnBodySchema>;

export const RefundReturnBodySchema = z.object({
  /** Cents; default the return's refund amount. */
  amount: z.number().int().positive().max(100_000_000).optional(),
  reason: z.string().trim().max(500).optional(),
  /** Refund before the parcel is received (lost in the mail, a goodwill refund). */
  withoutReceipt: z.boolean().default(false),
  idempotencyKey: IdempotencyKeySchema,
});
export type RefundReturnBody = z.input<typeof RefundReturnBodySchema>;

export const CloseReturnBodySchema = z.object({
  /** Required when the return had money to refund: why nothing is refunded. */
  reason: z.string().trim().max(500).optional(),
});
export type CloseReturnBody = z.infer<typeof CloseReturnBodySchema>;
