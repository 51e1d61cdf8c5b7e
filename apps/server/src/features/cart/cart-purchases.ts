/**
 * What a placed order bought leaves the customer's bag on every device (issue 25 item 3,
 * docs/decisions/031): a reaction of the cart to `order.placed`, no longer a step of the order's
 * transaction, which then locked the bag's row too (issue 26 measured lock waits there) and made
 * orders import the cart.
 *
 * One function settles a customer's placed orders against their bag, and two callers share it:
 * - the push: the job `cart.remove-purchased`, run at least once after the order commits, so the bag
 *   is right even when the shopper never loads the success page (or the order came by webhook);
 * - the pull: every read and write of the bag, first, so the bag is right the moment the order is
 *   (the success page reads it again at once, likely before the job) and a line added after the
 *   order is never cut by an order whose job runs later.
 * Each order is settled once: it is recorded in `cart_settled_orders` in the transaction that takes
 * its lines out, and an order already recorded changes nothing. Each bought line (same design, size
 * and position) loses the quantity bought, and goes when none is left; lines added since stay.
 */
import type { CartLine } from '@sunward/core/cart';
import { CartSchema } from '@sunward/core/schemas';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/ids.ts';
import type { EventBus } from '../../lib/jobs/events.ts';
import type { WorkOptions } from '../../lib/jobs/job-queue.ts';
import {
  findPlacedOrder,
  listPlacedOrderIds,
  type PlacedOrder,
  ORDER_PLACED,
  type OrderPlaced,
} from '../orders/orders.api.ts';
import * as repo from './cart.repository.ts';
import type { CartRow } from './cart.table.ts';

export const CART_PURCHASES_JOB = 'cart.remove-purchased';

/**
 * Only the database can fail here, and the bag's next read settles the order anyway: 10 tries, 1 s
 * then doubling (jittered) up to 10 minutes, about half an hour at most.
 */
export const CART_PURCHASES_JOB_OPTIONS = {
  maxAttempts: 10,
  backoff: { firstMs: 1_000, maxMs: 10 * 60_000 },
} satisfies WorkOptions;

/**
 * How far back the bag looks for placed orders it has not settled. Every read of the bag pays for
 * this look, so it is a range of the index on orders (customer_id, created_at, id) (migration 009):
 * none or a few rows for almost every customer, each then checked in `cart_settled_orders` by its
 * primary key. A week is far longer than the job's tries, so the job or the bag's next read settles
 * every order long before it leaves the window; an order older than that (its job would have waited
 * a week) is left alone by both, so it never cuts a bag written since. "Since the bag's last
 * settlement" would be cheaper still but wrong: orders commit in an order their created_at does not
 * follow, so one placed just before another was settled could be skipped for ever.
 */
export const SETTLE_WINDOW_MS = 7 * 24 * 60 * 60_000;

type Bought = PlacedOrder['lines'];

/** The bag's lines less what was bought, by design, size and position, never below zero. */
function withoutBought(lines: readonly CartLine[], bought: Bought): CartLine[] {
  return lines.flatMap((line) => {
    const taken = bought
      .filter(
        (b) => b.design === line.design && b.size === line.size && b.position === line.position,
      )
      .reduce((sum, b) => sum + b.quantity, 0);
    const left = line.quantity - taken;
    return left > 0 ? [{ ...line, quantity: left }] : [];
  });
}

const sameLines = (a: readonly CartLine[], b: readonly CartLine[]) =>
  a.length === b.length &&
  a.every((l, i) => l.itemId === b[i]!.itemId && l.quantity === b[i]!.quantity);

/** The customer's placed orders in the window that no bag has settled yet, oldest first. */
export async function unsettledOrders(db: Db, customerId: string): Promise<string[]> {
  const since = new Date(Date.now() - SETTLE_WINDOW_MS).toISOString();
  const placed = await listPlacedOrderIds(db, customerId, since);
  if (placed.length === 0) return [];
  const settled = new Set(await repo.listSettledOrders(db, placed));
  return placed.filter((id) => !settled.has(id));
}

/**
 * Settles the customer's unsettled placed orders against their bag; call inside a transaction, before
 * anything else that reads the bag. The bag's row lock comes first (on SQLite, the write lock: a read
 * first could not become a write once another process has written). Answers the bag as it is now, or
 * undefined when they have none: their orders are recorded all the same, so a bag made afterwards
 * (of lines chosen after the order) never loses anything to them.
 */
export async function settlePlacedOrders(
  trx: Db,
  customerId: string,
): Promise<CartRow | undefined> {
  const cart = await repo.lockCart(trx, { customerId });
  const pending = await unsettledOrders(trx, customerId);
  const recorded = await repo.recordSettledOrders(trx, pending, nowIso());
  if (!cart || recorded.length === 0) return cart;
  const bought: Bought = [];
  for (const orderId of recorded) {
    const order = await findPlacedOrder(trx, orderId);
    if (order) bought.push(...order.lines);
  }
  const lines = CartSchema.parse(JSON.parse(cart.lines));
  const next = withoutBought(lines, bought);
  if (sameLines(lines, next)) return cart;
  const written = await repo.writeLines(trx, {
    id: cart.id,
    customerId,
    lines: JSON.stringify(next),
    at: nowIso(),
  });
  if (!written) throw new Error(`The locked cart ${cart.id} was not written`);
  return written;
}

/**
 * The customer's bag for a read, their placed orders settled first. A read opens a transaction (and
 * takes the lock) only when an order is waiting: once per order, not once per read.
 */
export async function settledCart(db: Db, customerId: string): Promise<CartRow | undefined> {
  if ((await unsettledOrders(db, customerId)).length === 0) {
    return repo.findCartOfCustomer(db, customerId);
  }
  return db.transaction().execute((trx) => settlePlacedOrders(trx, customerId));
}

/**
 * A run of the reaction to order `orderId`: settles its customer's bag (that order, and any other not
 * settled yet). A guest's order has no bag: nothing to do.
 */
export async function removePurchased(db: Db, orderId: string): Promise<void> {
  const order = await findPlacedOrder(db, orderId);
  if (!order) return;
  await db.transaction().execute((trx) => settlePlacedOrders(trx, order.customerId));
}

/** Declares the reaction on `events` (before the queue starts). */
export function registerCartPurchasesJob(events: EventBus, db: Db): void {
  events.on<OrderPlaced>(
    ORDER_PLACED,
    CART_PURCHASES_JOB,
    ({ data }) => removePurchased(db, data.orderId),
    // A guest's order has no bag: no job (an event from before customerId was sent still runs).
    { ...CART_PURCHASES_JOB_OPTIONS, when: (data) => data.customerId !== null },
  );
}
