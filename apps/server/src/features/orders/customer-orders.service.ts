/**
 * A signed-in customer's own orders (the account page, spec 2): the order history, newest first and
 * paged for customers with hundreds of orders, and Cancel Order. The caller's customer is found from
 * the token (customers.service), so the orders are only ever the caller's own.
 */
import { z } from 'zod';
import type { Order } from '@sunward/core/checkout-schemas';
import type { Db } from '../../db/database.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import {
  isOwnUserId,
  resolveCustomer,
  type AuthUser,
  type CustomerOptions,
} from '../customers/customers.api.ts';
import { cancelOrder, type CancelFailure } from './order-cancel.service.ts';
import type { OrderDeps } from './orders.service.ts';
import { orderViews } from './order-views.ts';
import * as repo from './orders.repository.ts';

export const ORDERS_PAGE = { default: 20, max: 50 } as const;

export interface OrderPage {
  orders: Order[];
  /** Where the next page starts; null on the last page. */
  nextCursor: string | null;
}

export type OrderHistoryFailure = Failure<'forbidden' | 'invalid_cursor'>;

/** What a cursor carries: the last order of the page before (opaque to clients). */
const CursorSchema = z
  .object({ createdAt: z.string().min(1).max(40), id: z.string().min(1).max(100) })
  .strict();

export function encodeCursor(position: repo.OrderPosition): string {
  return Buffer.from(JSON.stringify({ createdAt: position.createdAt, id: position.id })).toString(
    'base64url',
  );
}

export function decodeCursor(cursor: string): repo.OrderPosition | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
  try {
    const parsed = CursorSchema.safeParse(
      JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')),
    );
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * GET /customers/{userId}/orders: the caller's orders, newest first, `limit` a page (keyset on
 * created_at and id, so a page never repeats or skips an order while new ones arrive). The items of
 * the whole page come in one query, and their returns in another. Another user's id is a 403, whether or not it exists.
 */
export async function ownOrders(
  db: Db,
  user: AuthUser,
  userId: string,
  page: { limit: number; cursor?: string | undefined },
  options: CustomerOptions,
): Promise<Result<OrderPage, OrderHistoryFailure>> {
  const customer = await resolveCustomer(db, user, options);
  if (!isOwnUserId(customer, userId)) {
    return fail('forbidden', 'You can only see your own orders.');
  }
  let after: repo.OrderPosition | null = null;
  if (page.cursor !== undefined) {
    const decoded = decodeCursor(page.cursor);
    if (!decoded) return fail('invalid_cursor', 'This page of orders does not exist.');
    after = decoded;
  }
  // One more than asked: whether a next page exists, without counting.
  const rows = await repo.listCustomerOrders(db, customer.row.id, {
    after,
    limit: page.limit + 1,
  });
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return ok({
    orders: await orderViews(db, shown),
    nextCursor:
      rows.length > page.limit && last
        ? encodeCursor({ createdAt: last.created_at, id: last.id })
        : null,
  });
}

/** POST /orders/cancel: the caller's own pending order, cancelled and refunded (order-cancel.service). */
export async function cancelOwnOrder(
  db: Db,
  deps: OrderDeps,
  user: AuthUser,
  orderNumber: string,
  options: CustomerOptions,
): Promise<Result<Order, CancelFailure>> {
  const customer = await resolveCustomer(db, user, options);
  return cancelOrder(db, deps, customer.row.id, orderNumber);
}
