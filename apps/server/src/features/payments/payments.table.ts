import type { Selectable } from 'kysely';

export interface SandboxPaymentIntentsTable {
  id: string;
  client_secret: string;
  amount: number;
  currency: string;
  status: string;
  metadata: string;
  card_brand: string | null;
  card_last4: string | null;
  billing_details: string | null;
  shipping: string | null;
  last_error: string | null;
  challenge_token: string | null;
  /** Where the 3-D Secure challenge returns the shopper (migration 002). */
  return_url: string | null;
  amount_refunded: number;
  idempotency_key: string | null;
  created_at: string;
  updated_at: string;
}

export interface SandboxRefundsTable {
  id: string;
  payment_intent_id: string;
  amount: number;
  reason: string | null;
  idempotency_key: string | null;
  created_at: string;
}

export interface WebhookEventsTable {
  id: string;
  provider: string;
  type: string;
  received_at: string;
}

export type SandboxPaymentIntentRow = Selectable<SandboxPaymentIntentsTable>;

export interface PaymentTables {
  sandbox_payment_intents: SandboxPaymentIntentsTable;
  sandbox_refunds: SandboxRefundsTable;
  webhook_events: WebhookEventsTable;
}
