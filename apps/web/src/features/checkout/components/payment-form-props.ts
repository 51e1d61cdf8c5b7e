import type { PaymentMethodHandle } from '../api/payment-outcome.ts';

/** What both payment forms (sandbox card form, Stripe Payment Element) take. */
export interface PaymentFormProps {
  intent: {
    paymentIntentId: string;
    clientSecret: string;
    publishableKey?: string | undefined;
    /** Cents: the intent's amount when the form loaded (Stripe's element shows it in wallets). */
    amount: number;
  };
  disabled: boolean;
  /** Called once the form is loaded and can confirm a payment. */
  onReady: (handle: PaymentMethodHandle) => void;
  /** Called as the shopper types: whether the card details are complete. */
  onChange: (state: { complete: boolean }) => void;
}
