/**
 * The console's order calls (issue 15, /api/admin/orders...): the filters, the list, the detail, bulk
 * mark-shipped, notes and refunds. Shared by the API (its zod schemas and OpenAPI document) and the
 * console pages. Money is integer cents.
 */
import { z } from 'zod';
import { CARRIERS } from './carriers.ts';
import { OrderSchema } from './checkout-schemas.ts';
import { ORDER_STATUSES } from './order-status.ts';
import { PAYMENT_STATUSES } from './order-payment.ts';
import { ReturnAddressSchema } from './settings.ts';
import { isIsoDate } from './shop-calendar.ts';
import { wholeNumberParam } from './query-numbers.ts';

const cents = () => z.number().int().nonnegative();

export const ORDER_LIST_PAGE = { default: 50, max: 200 } as const;
export const NOTE_MAX = 2000;
export const REFUND_REASON_MAX = 500;
export const SHIP_BATCH_MAX = 100;
export const SEARCH_MAX = 100;

const ISO_DATE_MESSAGE = 'A date is written YYYY-MM-DD (the shop’s calendar day).';
/** A calendar day; `z.iso.date` so the API document states it (format: date). */
const isoDate = z.iso.date({ error: ISO_DATE_MESSAGE }).refine(isIsoDate, ISO_DATE_MESSAGE);

/** The list's filters (every one optional) and its page. */
export const OrderListFiltersSchema = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  payment: z.enum(PAYMENT_STATUSES).optional(),
  /** The shop's calendar days, both included. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** The start of an order number, an email, or a shipping or billing name (or its surname). */
  q: z.string().trim().max(SEARCH_MAX).optional(),
});
export type OrderListFilters = z.infer<typeof OrderListFiltersSchema>;

export const OrderListQuerySchema = OrderListFiltersSchema.extend({
  cursor: z.string().min(1).max(300).optional(),
  limit: wholeNumberParam(1, ORDER_LIST_PAGE.max, ORDER_LIST_PAGE.default),
});

export const ConsoleOrderSummarySchema = z.object({
  orderNumber: z.string(),
  createdAt: z.string(),
  status: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  email: z.string(),
  /** The shipping name. */
  name: z.string(),
  /** Shirts on the order (the lines' quantities added up). */
  itemCount: z.number().int(),
  total: cents(),
  refunded: cents(),
  /** The latest return's own status (requested, received, refunded...), null without returns. */
  returnStatus: z.string().nullable(),
  carrier: z.string().nullable(),
  tracking: z.string().nullable(),
});
export type ConsoleOrderSummary = z.infer<typeof ConsoleOrderSummarySchema>;

export const ConsoleOrderPageSchema = z.object({
  orders: z.array(ConsoleOrderSummarySchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ConsoleOrderPage = z.infer<typeof ConsoleOrderPageSchema>;

const RefundScopeSchema = z.object({
  items: z.array(z.object({ line: z.number().int(), quantity: z.number().int() })),
  shipping: z.boolean(),
});

export const ConsoleRefundSchema = z.object({
  id: z.string(),
  amount: cents(),
  reason: z.string().nullable(),
  actor: z.string(),
  /** The operator who refunded (null for refunds by the customer or the system, and older ones). */
  operatorEmail: z.string().nullable(),
  createdAt: z.string(),
  /** What a refund by items took; null for an amount, a cancellation or a return. */
  scope: RefundScopeSchema.nullable(),
});
export type ConsoleRefund = z.infer<typeof ConsoleRefundSchema>;

export const ConsoleOrderNoteSchema = z.object({
  id: z.string(),
  at: z.string(),
  operatorEmail: z.string(),
  body: z.string(),
});
export type ConsoleOrderNote = z.infer<typeof ConsoleOrderNoteSchema>;

export const ConsoleOrderDetailSchema = z.object({
  order: OrderSchema,
  paymentStatus: z.enum(PAYMENT_STATUSES),
  payment: z.object({
    intentId: z.string().nullable(),
    card: z.object({ brand: z.string().nullable(), last4: z.string().nullable() }),
    paid: cents(),
    refunded: cents(),
    /** What may still be refunded. */
    left: cents(),
    refunds: z.array(ConsoleRefundSchema),
  }),
  /** The order's lines (numbered from 1) and how many units of each were refunded by items. */
  lines: z.array(
    z.object({
      line: z.number().int(),
      design: z.string(),
      size: z.string(),
      position: z.string(),
      quantity: z.number().int(),
      unitAmount: cents(),
      refundedUnits: z.number().int(),
    }),
  ),
  shippingRefunded: z.boolean(),
  emails: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      to: z.string(),
      subject: z.string(),
      status: z.string(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
      lastError: z.string().nullable(),
    }),
  ),
  events: z.array(
    z.object({
      id: z.string(),
      at: z.string(),
      actor: z.string(),
      operatorEmail: z.string().nullable(),
      from: z.string().nullable(),
      to: z.string(),
      reason: z.string().nullable(),
    }),
  ),
  notes: z.array(ConsoleOrderNoteSchema),
  returns: z.array(
    z.object({
      id: z.string(),
      seq: z.number().int(),
      status: z.string(),
      createdAt: z.string(),
      refundAmount: cents(),
      /** The replacement order an exchange made. */
      exchangeOrderNumber: z.string().nullable(),
    }),
  ),
  /** When this order is an exchange's replacement: the original order's number. */
  replacementFor: z.string().nullable(),
  /**
   * The statuses an operator may move the order to now through PATCH /api/orders/status (core's
   * machine for an operator, without `return` and `refund`, which have doors of their own).
   */
  allowedStatuses: z.array(z.enum(ORDER_STATUSES)),
});
export type ConsoleOrderDetail = z.infer<typeof ConsoleOrderDetailSchema>;
export type ConsoleOrderEvent = ConsoleOrderDetail['events'][number];

const orderNumber = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9 -]+$/, 'An order number has letters, digits and dashes only.');

/** One order marked shipped: its carrier and tracking number. */
export const ShipOrderSchema = z.object({
  orderNumber,
  carrier: z.enum(CARRIERS),
  tracking: z.string().trim().min(1, 'Enter the tracking number.').max(60),
});

export const ShipRequestSchema = z.object({
  orders: z
    .array(ShipOrderSchema)
    .min(1, 'Choose at least one order.')
    .max(SHIP_BATCH_MAX, `At most ${SHIP_BATCH_MAX} orders at a time.`),
});
export type ShipRequest = z.infer<typeof ShipRequestSchema>;

export const ShipResultSchema = z.object({
  results: z.array(
    z.union([
      z.object({ orderNumber: z.string(), ok: z.literal(true), status: z.string() }),
      z.object({
        orderNumber: z.string(),
        ok: z.literal(false),
        code: z.string(),
        message: z.string(),
      }),
    ]),
  ),
});
export type ShipResult = z.infer<typeof ShipResultSchema>;

/** A client-made key (a UUID, say): the same key answers the same write (a double click, a retry). */
const idempotencyKey = z
  .string()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'An idempotency key has letters, digits, dashes and underscores.');

export const NoteRequestSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Write the note.')
    .max(NOTE_MAX, `A note is at most ${NOTE_MAX} characters.`),
  idempotencyKey: idempotencyKey.optional(),
});

/** The answer to a note: the note, and false in `created` when this key's note was written before. */
export const NoteAnswerSchema = z.object({ note: ConsoleOrderNoteSchema, created: z.boolean() });
export type NoteAnswer = z.infer<typeof NoteAnswerSchema>;

/** What to refund: shirts by line and/or the shipping, or an amount. */
export const RefundPickSchema = z
  .object({
    items: z
      .array(
        z.object({
          line: z.number().int().min(1),
          quantity: z.number().int().min(0).max(1000),
        }),
      )
      .max(100)
      .optional(),
    shipping: z.boolean().optional(),
    amount: z.number().int().min(1, 'An amount is at least 1 cent.').optional(),
  })
  .refine((r) => r.amount === undefined || (!r.items?.length && !r.shipping), {
    message: 'Refund either shirts and shipping, or an amount, not both.',
    path: ['amount'],
  });
export type RefundPickRequest = z.infer<typeof RefundPickSchema>;

/** Why an operator refunds, kept with the refund. */
export const RefundReasonSchema = z
  .string()
  .trim()
  .min(1, 'Give the reason for the refund.')
  .max(REFUND_REASON_MAX, `A reason is at most ${REFUND_REASON_MAX} characters.`);

export const RefundRequestSchema = z.intersection(
  RefundPickSchema,
  z.object({ reason: RefundReasonSchema, idempotencyKey }),
);
export type RefundRequest = z.infer<typeof RefundRequestSchema>;

/** What a pick comes to, as the server computes it (the dialog shows it before confirming). */
export const RefundQuoteSchema = z.object({
  amount: cents(),
  lines: z.array(
    z.object({
      line: z.number().int(),
      quantity: z.number().int(),
      unitAmount: cents(),
      tax: cents(),
      amount: cents(),
    }),
  ),
  shipping: cents(),
  /** What may be refunded now, before this refund. */
  left: cents(),
});
export type RefundQuote = z.infer<typeof RefundQuoteSchema>;

export const RefundAnswerSchema = z.object({
  refund: ConsoleRefundSchema,
  /** false when this key's refund was made before (nothing new was refunded). */
  created: z.boolean(),
  refunded: cents(),
  left: cents(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
});
export type RefundAnswer = z.infer<typeof RefundAnswerSchema>;

/** A packing slip: the shop's name and return address (settings) and the order. */
export const PackingSlipSchema = z.object({
  shopName: z.string(),
  returnAddress: ReturnAddressSchema,
  order: OrderSchema,
});
export type PackingSlip = z.infer<typeof PackingSlipSchema>;
