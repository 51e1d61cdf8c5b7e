/**
 * One interface for the card processor. Two implementations: the sandbox (default, state in the shop's
 * database) and Stripe (STRIPE_SECRET_KEY). Expected failures are values; a throw is a defect or outage.
 */
import type { z } from 'zod';
import type { BillingDetails, CardInputSchema } from '@sunward/core/checkout-schemas';
import type { Address } from '@sunward/core/schemas';
import type { Failure, Result } from '../../lib/result.ts';

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface PaymentIntentView {
  id: string;
  clientSecret: string;
  /** Cents. */
  amount: number;
  currency: string;
  status: IntentStatus;
  amountRefunded: number;
  metadata: Record<string, string>;
  card: { brand: string; last4: string } | null;
  billing: { name: string; email: string; phone: string | null; address: Address } | null;
  shipping: { name: string; address: Address } | null;
}

export interface WebhookEvent {
  id: string;
  type: string;
  data: { object: { id: string; [key: string]: unknown } };
}

export type WebhookVerification =
  { ok: true; event: WebhookEvent } | { ok: false; message: string };

/** A provider's answer: its own codes (Stripe's, or the sandbox's in Stripe's style) on failure. */
export type ProviderResult<T> = Result<T, Failure<string>>;

/** A payment as the processor keeps it, for reconciliation: what it charged and refunded. */
export interface PaymentRecord {
  id: string;
  status: IntentStatus;
  /** Cents. */
  amount: number;
  amountRefunded: number;
  /** ISO time the processor created it. */
  createdAt: string;
}

export interface RefundView {
  id: string;
  amount: number;
}

/**
 * How the shopper pays, as the page hands it over: the sandbox's card fields, or a Stripe
 * ConfirmationToken made by Stripe.js from the Payment Element (the card never reaches the shop).
 */
export type ConfirmPaymentMethod =
  | { type: 'card'; card: z.infer<typeof CardInputSchema> }
  | { type: 'confirmation_token'; id: string };

export interface ConfirmInput {
  paymentMethod: ConfirmPaymentMethod;
  billingDetails: BillingDetails;
  shipping?: { name: string; address: Address } | undefined;
  /** Where a redirect (3-D Secure) comes back to; already checked to be the shop's. */
  returnUrl: string;
  idempotencyKey: string;
}

/** What confirming on the server led to. Declines and card errors are values. */
export type ConfirmOutcome =
  | { kind: 'succeeded' }
  /** A challenge waits: the sandbox's page, or (Stripe) Stripe.js's handleNextAction on the page. */
  | { kind: 'requires_action'; challengeUrl?: string }
  | { kind: 'declined'; code: string; declineCode?: string; message: string }
  | { kind: 'invalid'; code: string; message: string; fields?: Record<string, string> };

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  readonly publishableKey?: string;
  createIntent(input: {
    amount: number;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<PaymentIntentView>;
  /** Fails (as a value) once the intent is paid or cancelled. */
  updateAmount(
    id: string,
    amount: number,
    idempotencyKey: string,
  ): Promise<ProviderResult<PaymentIntentView>>;
  retrieve(id: string): Promise<PaymentIntentView | undefined>;
  /**
   * Confirms the intent from the server (Stripe's "finalize payments on the server"), so the shop can
   * check the amount first: the page never confirms a payment by itself.
   */
  confirm(id: string, input: ConfirmInput): Promise<ConfirmOutcome>;
  /**
   * Full refund without `amount`; partial with. The same idempotency key answers the same refund.
   * Never called inside one of the shop's transactions (features/orders/order-refunds.service.ts): the
   * sandbox, which keeps its state in the shop's database, commits its refund on its own, as Stripe does.
   */
  refund(
    id: string,
    input: { amount?: number; reason?: string; idempotencyKey: string },
  ): Promise<ProviderResult<RefundView>>;
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): WebhookVerification;
  /**
   * Every payment created in [from, to), oldest first: the processor's own records, for the daily
   * reconciliation (features/reconciliation). Throws when the processor cannot be read.
   */
  listPayments(range: { from: string; to: string }): Promise<PaymentRecord[]>;
}

/**
 * Intents may only change amount before a confirmation starts: never while a 3-D Secure challenge waits
 * (the shopper is looking at the amount), nor once processing or paid.
 */
export const UPDATABLE_STATUSES: readonly IntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
];

/** Statuses in which the shop may confirm an intent. */
export const CONFIRMABLE_STATUSES = UPDATABLE_STATUSES;
