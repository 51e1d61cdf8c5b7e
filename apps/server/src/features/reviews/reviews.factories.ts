/** Test factories for reviews: a review's body, a shipped order delivered by the carrier, a published review. */
import type { ReviewInput } from '@sunward/core/review-schemas';
import { withQuery, type TestApp } from '../../../test/test-app.ts';
import { placeOrder } from '../checkout/checkout.factories.ts';
import { recordDelivery } from '../orders/orders.api.ts';

/** A valid review of an Alaska shirt in MD - Regular (the checkout factories' line). */
/** Overrides may break the rules (a test of refusals). */
export const reviewInput = (overrides: Partial<Record<keyof ReviewInput, unknown>> = {}) => ({
  design: 'alaska',
  stars: 5,
  fit: 'true-to-size',
  size: 'mdr',
  title: 'Cool on the trail',
  body: 'Wore it all day in the sun.\nNo burn.',
  firstName: 'Rowan',
  state: 'NC',
  ...overrides,
});

/** An order placed, shipped with a tracking number, then delivered by the carrier (recordDelivery). */
export async function carrierDeliveredOrder(
  t: TestApp,
  options: Parameters<typeof placeOrder>[1] = {},
) {
  const placed = await placeOrder(t, options);
  const tracking = `9400${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const row = await t.database.db
    .updateTable('orders')
    .set({ status: 'shipped', tracking })
    .where('order_number', '=', placed.order.orderNumber)
    .returning(['id'])
    .executeTakeFirstOrThrow();
  const deliver = () =>
    t.database.db.transaction().execute((trx) =>
      recordDelivery(trx, {
        orderId: row.id,
        trackingNumber: tracking,
        deliveredAt: new Date().toISOString(),
        at: new Date().toISOString(),
      }),
    );
  await deliver();
  return { ...placed, orderId: row.id, deliver };
}

/** POST /api/reviews with the invitation's token. */
export const reviewByLink = (t: TestApp, token: string, review: unknown) =>
  t.request('POST', '/api/reviews', { token, review });

/** The token in the invitation email of the order (the outbox's text part). */
export async function invitationToken(t: TestApp, orderId: string): Promise<string | null> {
  const row = await t.database.db
    .selectFrom('email_outbox')
    .select('text')
    .where('kind', '=', 'review-invitation')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  const match = row && /\/review\?token=([^\s>]+)/.exec(row.text);
  return match ? decodeURIComponent(match[1]!) : null;
}

/** A review written straight to the table (status published unless told), for reading tests: its id. */
export async function storedReview(
  t: TestApp,
  orderId: string,
  overrides: Partial<{
    design: string;
    size: string;
    fit: string;
    stars: number;
    status: string;
    /** ISO 8601; now unless told. */
    created_at: string;
  }> = {},
) {
  const at = new Date().toISOString();
  const id = `rv_${Math.random().toString(36).slice(2)}`;
  await t.database.db
    .insertInto('reviews')
    .values({
      id,
      order_id: orderId,
      customer_id: null,
      design: 'alaska',
      size: 'mdr',
      stars: 4,
      fit: 'true-to-size',
      title: null,
      body: null,
      first_name: null,
      state: null,
      status: 'published',
      reply: null,
      reply_at: null,
      moderated_at: at,
      moderated_by: null,
      created_at: at,
      updated_at: at,
      ...overrides,
    })
    .execute();
  return id;
}

/** GET /api/admin/reviews with `query` (undefined values left out), as `headers`' caller. */
export function listConsoleReviews(
  t: TestApp,
  headers: Record<string, string>,
  query: Record<string, string | number | undefined> = {},
) {
  return t.request('GET', withQuery('/api/admin/reviews', query), undefined, headers);
}
