/**
 * Support and privacy data requests (spec 2, 3 and 7): what the storefront sends, what the server
 * answers, and the data request's deadline.
 *
 * A data request is a privacy request under California law: the California Consumer Privacy Act gives
 * the business 45 calendar days from receiving it to answer (Cal. Civ. Code 1798.130(a)(2)). The
 * deadline is counted from the shop's calendar date of receipt (the shop is in Charlotte, NC).
 */
import { z } from 'zod';
import { addDays, daysBetween, shopDay } from './shop-calendar.ts';

/** The longest message either form takes, in characters. */
export const SUPPORT_MESSAGE_MAX = 5000;

/** The server's answer to a stored request. */
export const REQUEST_RECEIVED = 'Thank you. We will get back to you soon.';

/** Spec 2: what the pages show after a 200. */
export const FORM_SUBMITTED = 'Form Submitted Successfully';

/** Spec 8: the toast for any answer other than 200. */
export const FORM_SUBMISSION_FAILED = 'Form Submission Failed';

/** CCPA: calendar days from receipt to the answer. */
export const DATA_REQUEST_DAYS = 45;

const message = z
  .string()
  .trim()
  .min(1, 'Please enter a message.')
  .max(SUPPORT_MESSAGE_MAX, `Please keep your message to ${SUPPORT_MESSAGE_MAX} characters.`);

const email = z.email('Please enter an email address.').max(254);

/** Spec 3, support request: the order number (from the page's state), the message; email optional. */
export const SupportRequestSchema = z.object({
  orderNumber: z.string().trim().max(40).optional(),
  email: email.optional(),
  message,
});
export type SupportRequest = z.infer<typeof SupportRequestSchema>;

/** Spec 3, data request: message and email. */
export const DataRequestSchema = z.object({ email, message });
export type DataRequest = z.infer<typeof DataRequestSchema>;

export const SupportResponseSchema = z.object({ id: z.string(), message: z.string() });
export type SupportResponse = z.infer<typeof SupportResponseSchema>;

export const DataRequestResponseSchema = SupportResponseSchema.extend({
  /** ISO date (YYYY-MM-DD): the last day of the 45 to answer. */
  dueBy: z.iso.date(),
});
export type DataRequestResponse = z.infer<typeof DataRequestResponseSchema>;

/** How long the link that proves a data request's email works, in days (decision 053). */
export const DATA_REQUEST_PROOF_DAYS = 14;

/** The emailed link's token, sent by the storefront's /data-request/confirm page (decision 053). */
export const DataRequestProofSchema = z.object({ token: z.string().min(1).max(512) });
export type DataRequestProof = z.infer<typeof DataRequestProofSchema>;

export const DataRequestProvenSchema = z.object({
  /** When the email was proven (the first time the link was opened). */
  provenAt: z.string(),
  /** True when an earlier opening had proven it: nothing changed now. */
  alreadyProven: z.boolean(),
});
export type DataRequestProven = z.infer<typeof DataRequestProvenSchema>;

/** The ISO date `days` calendar days after the shop's calendar date of `at`. */
export function shopDatePlusDays(at: Date, days: number): string {
  return addDays(shopDay(at), days);
}

/** The data request's deadline: 45 calendar days after the shop's date of receipt. */
export function dataRequestDueBy(receivedAt: Date): string {
  return shopDatePlusDays(receivedAt, DATA_REQUEST_DAYS);
}

/**
 * Calendar days from the shop's date of `now` to `isoDate` (YYYY-MM-DD): 0 on the day itself, 1 the
 * day before, -1 the day after (one day overdue). The console's days-left on a data request.
 */
export function shopDaysUntil(isoDate: string, now: Date = new Date()): number {
  return daysBetween(shopDay(now), isoDate) - 1;
}

/** An ISO date as the emails write it: "June 14, 2026". */
export function longDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!)).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}
