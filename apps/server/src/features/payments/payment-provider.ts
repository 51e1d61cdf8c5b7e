/**
 * One interface for the card processor. Two implementations: the sandbox (default, state in the shop's
 * database) and Stripe (STRIPE_SECRET_KEY). Expected failures are values; a throw is a defect or outage.
 */
import type { Address } from '@sunward/core/schemas';

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

export type ProviderResult<T> =
  { ok: true; value: T } | { ok: false; reason: string; message: string };

export interface RefundView {
  id: string;
  amount: number;
}

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
  /** Full refund without `amount`; partial with. */
  refund(
    id: string,
    input: { amount?: number; reason?: string; idempotencyKey: string },
  ): Promise<ProviderResult<RefundView>>;
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): WebhookVerification;
}

/** Intents may only change amount before they are paid. */
export const UPDATABLE_STATUSES: readonly IntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
];
