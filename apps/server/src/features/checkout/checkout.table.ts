import type { Generated, Selectable } from 'kysely';

export interface CheckoutsTable {
  id: string;
  payment_intent_id: string;
  provider: string;
  customer_id: string | null;
  email: string | null;
  /** JSON: the bag as priced by the server */
  lines: string;
  /** JSON address */
  shipping_address: string | null;
  shipping_name: string | null;
  shipping_option: string | null;
  subtotal: number;
  shipping: number | null;
  sales_tax: number | null;
  /** The rate the sales tax was computed at (ppm), and its parts as JSON (core TaxPart[]). */
  tax_rate: number | null;
  tax_parts: string | null;
  /** Stripe Tax's calculation behind the tax (TAX_PROVIDER=stripe), else null. */
  tax_calculation: string | null;
  /** The discount code applied (migration 032), its discount (goods and shipping), the shipping's part. */
  discount_code: string | null;
  discount: Generated<number>;
  shipping_discount: Generated<number>;
  /** JSON: each line's discount in cents, in line order; null without a code. */
  line_discounts: string | null;
  total: number;
  status: string;
  /** Raised on every update-pi (migration 002): an optimistic lock. */
  version: Generated<number>;
  /** Who holds the update lease and until when (ISO); null when free (migration 002). */
  lease_token: string | null;
  lease_until: string | null;
  created_at: string;
  updated_at: string;
  /** When the shopper ticked "Email me a reminder…" with this email, and where (migration 034). */
  reminder_consent_at: Generated<string | null>;
  reminder_consent_source: Generated<string | null>;
  /** When its one bag reminder was queued (migration 034). */
  reminded_at: Generated<string | null>;
}

export type CheckoutRow = Selectable<CheckoutsTable>;

export interface CheckoutTables {
  checkouts: CheckoutsTable;
}
