import type { IntentStatus, PaymentIntentView } from './payment-provider.ts';
import type { SandboxPaymentIntentRow } from './payments.table.ts';

/** A sandbox intent row as the PaymentProvider interface shows it (what Stripe would answer). */
export function toView(row: SandboxPaymentIntentRow): PaymentIntentView {
  return {
    id: row.id,
    clientSecret: row.client_secret,
    amount: row.amount,
    currency: row.currency,
    status: row.status as IntentStatus,
    amountRefunded: row.amount_refunded,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    card:
      row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null,
    billing: row.billing_details
      ? (JSON.parse(row.billing_details) as PaymentIntentView['billing'])
      : null,
    shipping: row.shipping ? (JSON.parse(row.shipping) as PaymentIntentView['shipping']) : null,
  };
}
