/**
 * The console's inbox (issue 15, item 6): support messages with the operators' replies, and privacy
 * data requests with their 45-day clock. What /api/admin/support and /api/admin/data-requests answer
 * and take; the server validates with these and the console reads its answers with them.
 */
import { z } from 'zod';

export const SUPPORT_STATUSES = ['open', 'answered', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

export const DATA_REQUEST_STATUSES = ['open', 'completed'] as const;
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];

/** The longest reply an operator may send, in characters. */
export const SUPPORT_REPLY_MAX = 10_000;
/** The longest note on a completed data request. */
export const COMPLETION_NOTE_MAX = 2_000;

/**
 * A key the console makes for one submit (a click), sent again when the same submit is retried: the
 * server makes one reply or one re-send per key.
 */
export const IdempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,100}$/, 'idempotencyKey is 16 to 100 letters, digits, - or _.');

/** A list's next page: the opaque cursor of its last row, or null on the last page. */
export const CursorSchema = z.string().nullable();

export const SupportMessageSummarySchema = z.object({
  id: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  createdAt: z.string(),
  /** The sender's address as given (or the signed-in sender's); null when none was. */
  email: z.string().nullable(),
  orderNumber: z.string().nullable(),
  /** The message's first 200 characters. */
  excerpt: z.string(),
  replyCount: z.number().int(),
  customerId: z.string().nullable(),
  /** The sender's personal data was erased: the message and address are gone. */
  erased: z.boolean(),
});
export type SupportMessageSummary = z.infer<typeof SupportMessageSummarySchema>;

export const SupportListSchema = z.object({
  messages: z.array(SupportMessageSummarySchema),
  next: CursorSchema,
});
export type SupportList = z.infer<typeof SupportListSchema>;

export const SupportReplySchema = z.object({
  id: z.string(),
  body: z.string(),
  toAddress: z.string(),
  operatorEmail: z.string(),
  createdAt: z.string(),
  emailId: z.string().nullable(),
  /** The outbox email's status (queued, sent, logged, failed), null if it is gone. */
  emailStatus: z.string().nullable(),
});
export type SupportReply = z.infer<typeof SupportReplySchema>;

export const SupportMessageDetailSchema = SupportMessageSummarySchema.extend({
  message: z.string(),
  /** The customer who sent it signed in, if any. */
  customer: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable(),
  /** The order it names, when that order exists. */
  order: z
    .object({
      orderNumber: z.string(),
      status: z.string(),
      total: z.number().int(),
      createdAt: z.string(),
    })
    .nullable(),
  /** Where a reply goes: the sender's address, else the order's, else the customer's; null: nowhere. */
  replyTo: z.string().nullable(),
  replies: z.array(SupportReplySchema),
});
export type SupportMessageDetail = z.infer<typeof SupportMessageDetailSchema>;

export const SupportReplyBodySchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Please write a reply.')
    .max(SUPPORT_REPLY_MAX, `Please keep the reply to ${SUPPORT_REPLY_MAX} characters.`),
  idempotencyKey: IdempotencyKeySchema,
});
export type SupportReplyBody = z.infer<typeof SupportReplyBodySchema>;

export const SupportReplyAnswerSchema = z.object({
  /** False when this key had already made the reply (a double submit): nothing new was sent. */
  created: z.boolean(),
  message: SupportMessageDetailSchema,
});
export type SupportReplyAnswer = z.infer<typeof SupportReplyAnswerSchema>;

/** Close, or reopen, a message. */
export const SupportStatusBodySchema = z.object({ status: z.enum(['open', 'closed']) });
export type SupportStatusBody = z.infer<typeof SupportStatusBodySchema>;

export const DataRequestSummarySchema = z.object({
  id: z.string(),
  status: z.enum(DATA_REQUEST_STATUSES),
  email: z.string(),
  excerpt: z.string(),
  receivedAt: z.string(),
  /** ISO date: the last day to answer (45 days after the shop's date of receipt). */
  dueBy: z.string(),
  /**
   * Open requests: calendar days from the shop's today to `dueBy` (0: due today, negative: that many
   * days overdue). Null once completed.
   */
  daysLeft: z.number().int().nullable(),
  overdue: z.boolean(),
  completedAt: z.string().nullable(),
  customerId: z.string().nullable(),
  erased: z.boolean(),
  /**
   * When the requester opened the emailed link proving the email is theirs (decision 053); null while
   * not proven. Export and erasure by the email need it.
   */
  emailProvenAt: z.string().nullable(),
});
export type DataRequestSummary = z.infer<typeof DataRequestSummarySchema>;

export const DataRequestListSchema = z.object({
  requests: z.array(DataRequestSummarySchema),
  next: CursorSchema,
});
export type DataRequestList = z.infer<typeof DataRequestListSchema>;

export const DataRequestDetailSchema = DataRequestSummarySchema.extend({
  message: z.string(),
  completionNote: z.string().nullable(),
  /** Customers the request may be about: its signed-in sender's, and any with its email. */
  customers: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      emailVerified: z.boolean(),
      erasedAt: z.string().nullable(),
      /** The placeholder an erasure by this request's email left for a guest (decision 053). */
      erasedGuest: z.boolean(),
    }),
  ),
  /** The guest buyer with the request's email (orders without an account), for the console's link. */
  guest: z.object({ id: z.string(), orderCount: z.number().int() }).nullable(),
});
export type DataRequestDetail = z.infer<typeof DataRequestDetailSchema>;

/** A data request marked completed, with a note of what was done. */
export const CompleteDataRequestSchema = z.object({
  status: z.literal('completed'),
  note: z
    .string()
    .trim()
    .min(1, 'Please say what was done (for the record).')
    .max(COMPLETION_NOTE_MAX, `Please keep the note to ${COMPLETION_NOTE_MAX} characters.`),
});

export const DataRequestUpdateSchema = z.discriminatedUnion('status', [
  CompleteDataRequestSchema,
  z.object({ status: z.literal('open') }),
]);
export type DataRequestUpdate = z.infer<typeof DataRequestUpdateSchema>;
