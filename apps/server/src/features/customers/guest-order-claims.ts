/**
 * Guest orders claimed by their customer (issue 12): an order placed without signing in carries only an
 * email; once a customer has proved that email (a verified email at the identity provider), the orders
 * placed with it become theirs, so the account page lists them. Only orders nobody owns are claimed.
 *
 * The claim is the customers' linking rule (decision 014), made in the same call that resolves the
 * customer (its answer counts the orders claimed), so it lives here rather than in the orders feature,
 * which asks customers who the caller is: the two folders do not import each other (decision 032).
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * Sets `customer_id` on the guest orders placed with `email` (any case); returns how many. The caller
 * must have checked that the customer's email is verified. `updated_at` stays: the return window is
 * judged from it (spec 4), and a claim is not a change of the order.
 */
export async function claimGuestOrders(db: Db, customerId: string, email: string): Promise<number> {
  const normalized = email.trim().toLowerCase();
  if (!normalized) return 0;
  const result = await db
    .updateTable('orders')
    .set({ customer_id: customerId })
    .where('customer_id', 'is', null)
    .where(sql<string>`lower(email)`, '=', normalized)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
