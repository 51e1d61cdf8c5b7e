import type { Address } from '@sunward/core/schemas';

/** Spec 8: shown under the card form for anything that is not a card or validation error. */
export const UNEXPECTED_ERROR = 'An unexpected error occurred.';

/** What confirming a payment leads to: a page to go to (success or 3-D Secure), or a message. */
export type PaymentOutcome = { kind: 'redirect'; url: string } | { kind: 'error'; message: string };

/** What Place Order hands to the card provider (spec 7): billing details and, optionally, shipping. */
export interface PaymentConfirmation {
  billingDetails: { name: string; email: string; phone?: string; address: Address };
  shipping?: { name: string; address: Address };
  returnUrl: string;
}

/** The payment form's part in Place Order: the sandbox form and the Stripe element both provide it. */
export interface PaymentMethodHandle {
  confirm: (input: PaymentConfirmation) => Promise<PaymentOutcome>;
}
