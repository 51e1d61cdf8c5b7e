/**
 * Customers in the console (issue 15, item 6): search, one customer with everything the shop holds on
 * them, the JSON export of all of it, and the erasure of their personal data. What
 * /api/admin/customers answers and takes.
 */
import { z } from 'zod';
import { CursorSchema } from './console-inbox.ts';

/**
 * `customer`: a customer record (an account); `guest`: a guest buyer, the orders placed without an
 * account grouped by email (any case), whose `id` is their first order's id (decision 053: the email
 * stays out of addresses and logs); `erased-guest`: the placeholder an erasure by email left for a
 * guest's kept orders (a customer record, erased).
 */
export const CUSTOMER_KINDS = ['customer', 'guest', 'erased-guest'] as const;
export type CustomerKind = (typeof CUSTOMER_KINDS)[number];

export const CustomerSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(CUSTOMER_KINDS),
  /** Empty once erased. */
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  /** An operator (the admin role). */
  operator: z.boolean(),
  createdAt: z.string(),
  erasedAt: z.string().nullable(),
  orderCount: z.number().int(),
});
export type CustomerSummary = z.infer<typeof CustomerSummarySchema>;

export const CustomerListSchema = z.object({
  customers: z.array(CustomerSummarySchema),
  next: CursorSchema,
});
export type CustomerList = z.infer<typeof CustomerListSchema>;

export const CustomerDetailSchema = z.object({
  customer: CustomerSummarySchema.extend({ updatedAt: z.string() }),
  /** Where they sign in: issuer + subject, per connection (password, email link, Google, …). */
  identities: z.array(
    z.object({
      issuer: z.string(),
      subject: z.string(),
      connection: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** Their account at the shop's built-in sign-in, when they have one (never the password hash). */
  account: z
    .object({
      email: z.string(),
      name: z.string(),
      emailVerified: z.boolean(),
      createdAt: z.string(),
    })
    .nullable(),
  /** Their orders, newest first: placed signed in, or as a guest with their verified email. */
  orders: z.array(
    z.object({
      orderNumber: z.string(),
      status: z.string(),
      total: z.number().int(),
      amountRefunded: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  supportMessages: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      createdAt: z.string(),
      excerpt: z.string(),
      orderNumber: z.string().nullable(),
    }),
  ),
  dataRequests: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      receivedAt: z.string(),
      dueBy: z.string(),
      /** When the requester proved the request's email (decision 053), or null. */
      emailProvenAt: z.string().nullable(),
    }),
  ),
  /**
   * Their consent to the bag reminder (decision 044): each checkout whose box "Email me a reminder"
   * was ticked, when, from where, and whether a reminder went; newest first.
   */
  reminderConsents: z.array(
    z.object({
      email: z.string(),
      consentedAt: z.string(),
      source: z.string().nullable(),
      remindedAt: z.string().nullable(),
    }),
  ),
  /** Their addresses unsubscribed from marketing emails, when and how (decision 044). */
  unsubscribes: z.array(
    z.object({ email: z.string(), unsubscribedAt: z.string(), source: z.string() }),
  ),
  /** Their reviews, newest first, as the console's Reviews page moderates them (decision 048). */
  reviews: z.array(
    z.object({
      id: z.string(),
      design: z.string(),
      stars: z.number().int(),
      status: z.string(),
      title: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  /** Emails the shop sent them, newest first (the outbox has the bodies). */
  emails: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      subject: z.string(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type CustomerDetail = z.infer<typeof CustomerDetailSchema>;

export const EraseCustomerBodySchema = z.object({
  /** The customer's email, typed by the operator to confirm (any case). */
  confirmEmail: z.string().trim().min(1, "Type the customer's email to confirm.").max(254),
});
export type EraseCustomerBody = z.infer<typeof EraseCustomerBodySchema>;

export const EraseCustomerAnswerSchema = z.object({
  customerId: z.string(),
  erasedAt: z.string(),
  /** True when an earlier erasure had done it: nothing changed now. */
  alreadyErased: z.boolean(),
  /** How many records of each kind were emptied or removed (empty when already erased). */
  erased: z.record(z.string(), z.number().int()),
});
export type EraseCustomerAnswer = z.infer<typeof EraseCustomerAnswerSchema>;

/**
 * What erasure removes and what it keeps, as the console states it before the operator confirms (the
 * server does exactly this: customer-erasure.service.ts).
 */
export const ERASURE_REMOVES = [
  'Their name, email and sign-in identities, and their account at the shop (they can no longer sign in; every session ends).',
  'Names, email, phone number and street address on their orders (the state and ZIP code stay for the sales-tax records).',
  'Their bag, their checkouts and the payment details the card sandbox keeps.',
  'Their support messages and the replies (the text and the address), and the text and email of their data requests.',
  'The address and the bodies of every email sent to them, and their return labels.',
] as const;
export const ERASURE_KEEPS = [
  "Each order's number, date, status, items, amounts, taxes, refunds and history: the financial records the law requires, under an erased placeholder customer so totals still add up.",
  "The dates and status of their data requests (the record that the request was answered), and the operators' record of the erasure, without personal data.",
] as const;

/**
 * What an erasure by a data request's proven email removes and keeps (decision 053; the server:
 * customers' eraseByEmail), as the console states it before the operator confirms.
 */
export const EMAIL_ERASURE_REMOVES = [
  'Names, email, phone number and street address on the orders placed with this email without an account (the state and ZIP code stay for the sales-tax records).',
  'The checkouts with this email, the payment details the card sandbox keeps, and the return labels of its orders.',
  'The support messages and data requests sent from this email, this one included (the text and the address), and the replies.',
  'The address and the bodies of every email sent to it, its unsubscribes and its back-in-stock requests.',
] as const;
export const EMAIL_ERASURE_KEEPS = [
  "Each order's number, date, status, items, amounts, taxes, refunds and history: the financial records the law requires, under an erased guest placeholder so totals still add up.",
  "The dates and status of the data requests (mark this one completed after), and the operators' record of the erasure, without personal data.",
] as const;
