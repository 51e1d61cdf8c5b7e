import type { z } from 'zod';
import type { ConfirmPaymentMethodSchema } from '@sunward/core/checkout-schemas';
import type { Address } from '@sunward/core/schemas';

/** Spec 8: shown under the card form for anything that is not a card or validation error. */
export const UNEXPECTED_ERROR = 'An unexpected error occurred.';

/** What Place Order hands to the card provider (spec 7): billing details and, optionally, shipping. */
export interface PaymentConfirmation {
  billingDetails: { name: string; email: string; phone?: string; address: Address };
  shipping?: { name: string; address: Address };
  returnUrl: string;
}

export type PaymentMethodInput = z.input<typeof ConfirmPaymentMethodSchema>;

/**
 * The payment form's part in Place Order; the sandbox form and the Stripe element both provide it. The
 * form never confirms a payment itself: it hands over a payment method (the sandbox's card fields, or a
 * Stripe ConfirmationToken) and the shop's server confirms it for the total on screen.
 */
export interface PaymentMethodHandle {
  prepare: (
    input: PaymentConfirmation,
  ) => Promise<{ ok: true; paymentMethod: PaymentMethodInput } | { ok: false; message: string }>;
  /** Stripe only: the 3-D Secure step after the server's confirmation asked for one. */
  handleNextAction?: (
    clientSecret: string,
  ) => Promise<{ ok: true } | { ok: false; message: string }>;
}
