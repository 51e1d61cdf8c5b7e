/**
 * What must hold after every step of the model test's walks (model-walk.test.ts), read from the
 * shop's tables and the sandbox card processor's: the money, the stock and one order per payment.
 * The crash test's checks of the books (crash-checks.ts) are reused for the money; the stock is
 * checked against the counts the operator made (a ledger: on hand + sold, net of cancels and
 * restocked returns, stays what it was right after the count). Each check names the rows that break it.
 */
import type { Db } from '../src/db/database.ts';
import { SHIRT_PRODUCT_ID } from '../src/db/seed.ts';
import { violations } from './crash-checks.ts';

/** Per counted size: on hand + sold (net) right after the operator's last count of it. */
export type Ledger = Map<string, number>;

/** Per size of the shirt: units sold in orders not cancelled, less the units returned to stock. */
export async function netSold(db: Db): Promise<Map<string, number>> {
  const [sold, restocked] = await Promise.all([
    db
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select(['order_items.size', 'order_items.quantity'])
      .where('order_items.product_id', '=', SHIRT_PRODUCT_ID)
      .where('orders.status', '!=', 'cancelled')
      .execute(),
    db
      .selectFrom('return_items')
      .select('size')
      .where('product_id', '=', SHIRT_PRODUCT_ID)
      .where('restocked', '=', 1)
      .execute(),
  ]);
  const net = new Map<string, number>();
  for (const s of sold) net.set(s.size, (net.get(s.size) ?? 0) + s.quantity);
  for (const r of restocked) net.set(r.size, (net.get(r.size) ?? 0) - 1);
  return net;
}

/** On hand + net sold of each counted size of the shirt, now. */
export async function ledgerNow(db: Db): Promise<Ledger> {
  const [rows, net] = await Promise.all([
    db
      .selectFrom('inventory')
      .select(['size', 'stock'])
      .where('product_id', '=', SHIRT_PRODUCT_ID)
      .where('stock', 'is not', null)
      .execute(),
    netSold(db),
  ]);
  return new Map(rows.map((r) => [r.size, r.stock! + (net.get(r.size) ?? 0)]));
}

/** Every broken invariant, one line each; empty when the books hold. */
export async function modelViolations(db: Db, ledger: Ledger): Promise<string[]> {
  const books = await violations(
    db,
    { return: [], cancel: [], refund: [], checkout: [] },
    new Map(),
  );
  const [orders, items, refunds, inventory, holds] = await Promise.all([
    db.selectFrom('orders').select(['id', 'order_number', 'payment_intent_id']).execute(),
    db.selectFrom('order_items').select(['order_id', 'line_no', 'quantity']).execute(),
    db.selectFrom('order_refunds').select(['order_id', 'scope']).execute(),
    db
      .selectFrom('inventory')
      .select(['product_id', 'size', 'stock'])
      .where('stock', 'is not', null)
      .execute(),
    db
      .selectFrom('stock_reservations')
      .innerJoin('checkouts', 'checkouts.id', 'stock_reservations.checkout_id')
      .select(['checkouts.payment_intent_id', 'checkouts.status', 'stock_reservations.size'])
      .where('checkouts.status', '=', 'completed')
      .execute(),
  ]);
  const found: string[] = [];
  const say = (what: string, rows: unknown[]) => {
    if (rows.length) found.push(`${what}: ${JSON.stringify(rows)}`);
  };

  // Money: charged = the order's total, refunds the processor's and never more than paid.
  say(
    'a paid intent without one order (or a full refund), or an order unpaid',
    books.intentsNotOneOutcome,
  );
  say('an order whose total is not what the processor charged', books.totalsNotPaid);
  say('refunds not the processor’s, or more than paid', books.refundsNotProviders);
  say('a cancel not refunded in full once', books.cancelsNotOnce);

  // One order per payment intent.
  const perIntent = new Map<string, string[]>();
  for (const o of orders) {
    if (!o.payment_intent_id) continue;
    perIntent.set(o.payment_intent_id, [
      ...(perIntent.get(o.payment_intent_id) ?? []),
      o.order_number,
    ]);
  }
  say(
    'more than one order for a payment',
    [...perIntent].filter(([, numbers]) => numbers.length > 1),
  );

  // Refunds by shirts never take more units of a line than were bought.
  const taken = new Map<string, number>();
  for (const r of refunds) {
    const scope = r.scope
      ? (JSON.parse(r.scope) as { items?: { line: number; quantity: number }[] })
      : null;
    for (const i of scope?.items ?? []) {
      const key = `${r.order_id}#${i.line}`;
      taken.set(key, (taken.get(key) ?? 0) + i.quantity);
    }
  }
  say(
    'more units of a line refunded than bought',
    [...taken].filter(([key, n]) => {
      const [orderId, line] = key.split('#');
      const bought = items.find((i) => i.order_id === orderId && i.line_no === Number(line));
      return n > (bought?.quantity ?? 0);
    }),
  );

  // Stock: never below zero; on hand + sold (net) stays what the count made it; no hold outlives
  // the order its checkout became (the order's transaction drops it).
  say(
    'stock below zero',
    inventory.filter((i) => i.stock! < 0),
  );
  const now = await ledgerNow(db);
  say(
    'stock not adding up to the count (on hand + sold, net of cancels and restocked returns)',
    [...ledger]
      .filter(([size, n]) => now.get(size) !== n)
      .map(([size, n]) => `${size}: ${n} right after the count, ${now.get(size)} now`),
  );
  say('a hold of a checkout that became an order', holds);
  return found;
}
