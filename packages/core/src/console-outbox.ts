/**
 * The console's outbox (issue 15, item 7): every email the shop queued, with its status, and the
 * operator's Re-send. What /api/admin/emails answers and takes.
 */
import { z } from 'zod';
import { CursorSchema, IdempotencyKeySchema } from './console-inbox.ts';

/**
 * queued: waiting for the sender; sending: being handed to SMTP; sent: SMTP took it; logged: no SMTP
 * is configured, so it was written to the log and stays here; failed: SMTP refused it five times.
 */
export const EMAIL_STATUSES = ['queued', 'sending', 'sent', 'logged', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/**
 * What the outbox shows in place of a one-time link (a password reset, an email confirmation: whoever
 * opens it acts as the customer), in every answer; Re-send still sends the link to the recipient.
 */
export const ONE_TIME_LINK_HIDDEN = '[one-time link hidden]';

export const EmailSummarySchema = z.object({
  id: z.string(),
  /** What the email is about: order-confirmation, support-reply, return-label, … */
  kind: z.string(),
  /** Empty once the recipient's personal data was erased. */
  to: z.string(),
  subject: z.string(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** The email this one re-sends (a copy made by Re-send). */
  resentFrom: z.string().nullable(),
});
export type EmailSummary = z.infer<typeof EmailSummarySchema>;

export const EmailListSchema = z.object({
  emails: z.array(EmailSummarySchema),
  next: CursorSchema,
});
export type EmailList = z.infer<typeof EmailListSchema>;

export const EmailDetailSchema = EmailSummarySchema.extend({
  replyTo: z.string().nullable(),
  /**
   * The HTML body: show it only in a sandboxed frame (no scripts, no same origin). Here and in `text`
   * (and the summary's subject and last error) one-time links read ONE_TIME_LINK_HIDDEN.
   */
  html: z.string(),
  text: z.string(),
  /** Copies of this email made by Re-send, oldest first. */
  copies: z.array(EmailSummarySchema),
});
export type EmailDetail = z.infer<typeof EmailDetailSchema>;

export const ResendBodySchema = z.object({ idempotencyKey: IdempotencyKeySchema });
export type ResendBody = z.infer<typeof ResendBodySchema>;

export const ResendAnswerSchema = z.object({
  /** requeued: the failed email is queued again; copied: a sent one is queued again as a new email. */
  outcome: z.enum(['requeued', 'copied']),
  /** The email now queued (the same one, or the copy). */
  email: EmailSummarySchema,
});
export type ResendAnswer = z.infer<typeof ResendAnswerSchema>;
