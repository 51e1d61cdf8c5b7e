/**
 * Order Lookup (spec 2): anyone holding an order's number and the email it was placed with may see the
 * order, guest or not. Nothing tells an unknown number from a wrong email: both are the same failure,
 * after the same work (one query, one comparison), and the email is compared case-insensitively in
 * time that depends on neither value.
 */
import type { Order } from '@sunward/core/checkout-schemas';
import type { Db } from '../../db/database.ts';
import { normalizeOrderNumber } from '../../lib/ids.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { sameDigest } from '../../lib/same-secret.ts';
import { orderView } from './order-views.ts';
import * as repo from './orders.repository.ts';
import type { OrderRow } from './orders.table.ts';

export type LookupFailure = Failure<'not_found'>;

/** The one answer for an unknown number and a wrong email (spec 8: shown inline as it is). */
export const NO_ORDER_FOUND = 'No order found.';

/** An email as compared: without surrounding spaces, in lower case. */
const comparable = (email: string) => email.trim().toLowerCase();

/**
 * The order numbered `orderNumber` (normalised as typed: case, dashes, spaces, I/L/O) if it was placed
 * with `email` (any case); undefined otherwise, whichever of the two failed.
 */
export async function findOrderForEmail(
  db: Db,
  orderNumber: string,
  email: string,
): Promise<OrderRow | undefined> {
  const order = await repo.findOrderByNumber(db, normalizeOrderNumber(orderNumber));
  // Compared even for an unknown number, so that a miss costs the same either way.
  const sameEmail = sameDigest(comparable(email), comparable(order?.email ?? ''));
  return order !== undefined && sameEmail ? order : undefined;
}

/** POST /orders/lookup and GET /orders/lookup/{orderNumber}/{email}: the order, or not_found. */
export async function lookupOrder(
  db: Db,
  query: { orderNumber: string; email: string },
): Promise<Result<Order, LookupFailure>> {
  const order = await findOrderForEmail(db, query.orderNumber, query.email);
  if (!order) return fail('not_found', NO_ORDER_FOUND);
  return ok(await orderView(db, order));
}
