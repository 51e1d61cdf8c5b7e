/**
 * The console's shipping labels (issue 27 item 1, /api/admin/labels...): buy an order's label, or many
 * orders' at once, see how each purchase went, print them with their packing slips as one PDF, void a
 * label. Shared by the API (its zod schemas and OpenAPI document) and the console pages. Money is
 * integer cents.
 */
import { z } from 'zod';
import { ORDER_STATUSES } from './order-status.ts';

/** Orders in one purchase or print: a batch the carrier answers in well under a request's time. */
export const LABEL_BATCH_MAX = 50;

/** Where an order's label stands: none bought yet, being bought, bought, refused, being voided, voided. */
export const LABEL_STATES = ['none', 'buying', 'bought', 'refused', 'voiding', 'voided'] as const;
export type LabelState = (typeof LABEL_STATES)[number];

/** An order's latest label. */
export const OrderLabelSchema = z.object({
  orderNumber: z.string(),
  orderStatus: z.enum(ORDER_STATUSES),
  state: z.enum(LABEL_STATES),
  /** sandbox | usps-api; null with no label. */
  provider: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** Postage paid, cents. */
  postage: z.number().int().nonnegative().nullable(),
  /** Why the carrier refused (refused), or why a void was refused (bought again). */
  reason: z.string().nullable(),
  /** Once voided: the postage refunded, a refund requested of the carrier, or none. */
  refund: z.enum(['refunded', 'requested', 'none']).nullable(),
  boughtAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  /** Whether Buy label is possible now (the order is ready to ship and has no live label). */
  canBuy: z.boolean(),
  /** Whether Void label is possible now (bought, and the parcel not yet delivered). */
  canVoid: z.boolean(),
  /**
   * The last purchase got no answer (or was interrupted after asking) from a carrier that does not
   * replay a purchase (USPS): it may have made a label. Buying again needs the operator's word that
   * the carrier's account shows none for this order (`confirmNoLabel`).
   */
  needsCheck: z.boolean(),
});
export type OrderLabel = z.infer<typeof OrderLabelSchema>;

const orderNumbers = z
  .array(z.string().trim().min(1).max(40))
  .min(1)
  .max(LABEL_BATCH_MAX)
  .refine((list) => new Set(list).size === list.length, 'Each order is named once.');

/**
 * Buy labels for these orders, in this order. `confirmNoLabel`: the operator checked the carrier's
 * account and found no label made by a purchase that got no answer (needed for an order whose label
 * `needsCheck`; such an order is otherwise answered `label_unconfirmed`).
 */
export const BuyLabelsRequestSchema = z.object({
  orders: orderNumbers,
  confirmNoLabel: z.boolean().optional(),
});
export type BuyLabelsRequest = z.infer<typeof BuyLabelsRequestSchema>;

/** Each order's label as the purchase left it (an order the shop does not know: not_found). */
export const LabelsAnswerSchema = z.object({
  labels: z.array(
    z.union([
      OrderLabelSchema.extend({ ok: z.literal(true) }),
      z.object({
        orderNumber: z.string(),
        ok: z.literal(false),
        code: z.string(),
        message: z.string(),
      }),
    ]),
  ),
});
export type LabelsAnswer = z.infer<typeof LabelsAnswerSchema>;

/** `?orders=A,B,C` of the reads and the print. */
export const LabelOrdersQuerySchema = z.object({
  orders: z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean),
    )
    .pipe(orderNumbers),
});
