/**
 * What must hold once the crash test's last shop has finished what the dead ones left (crash.test.ts):
 * each check lists what breaks it, so a failure names the rows. Read from the tables, not the API: the
 * shops that answered are dead.
 */
import type { Db } from '../src/db/database.ts';
import { SHIRT_PRODUCT_ID } from '../src/db/seed.ts';

/** What the shops acknowledged (an answer of 200), by kind of operation. */
export interface Acknowledged {
  return: string[];
  cancel: string[];
  refund: { id: string; amount: number }[];
  checkout: string[];
}

const missing = (wanted: Iterable<string>, have: Iterable<string>) => {
  const set = new Set(have);
  return [...wanted].filter((x) => !set.has(x)).sort();
};
const sum = (xs: readonly { amount: number }[]) => xs.reduce((s, x) => s + x.amount, 0);

/** The counted stock of each size of the shirt now. */
export async function stockOf(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('inventory')
    .select(['size', 'stock'])
    .where('product_id', '=', SHIRT_PRODUCT_ID)
    .where('stock', 'is not', null)
    .execute();
  return new Map(rows.map((r) => [r.size, r.stock!]));
}

export async function violations(
  db: Db,
  acknowledged: Acknowledged,
  stockAtStart: Map<string, number>,
) {
  const [
    returns,
    labels,
    emails,
    intents,
    providerRefunds,
    orders,
    items,
    refunds,
    events,
    checkouts,
  ] = await Promise.all([
    db.selectFrom('returns').selectAll().execute(),
    db.selectFrom('return_labels').selectAll().execute(),
    db.selectFrom('email_outbox').selectAll().execute(),
    db.selectFrom('sandbox_payment_intents').selectAll().execute(),
    db.selectFrom('sandbox_refunds').selectAll().execute(),
    db.selectFrom('orders').selectAll().execute(),
    db.selectFrom('order_items').selectAll().execute(),
    db.selectFrom('order_refunds').selectAll().execute(),
    db.selectFrom('order_events').selectAll().execute(),
    db.selectFrom('checkouts').selectAll().execute(),
  ]);
  const byIntent = <R extends { payment_intent_id: string | null }>(rows: R[], id: string | null) =>
    rows.filter((r) => r.payment_intent_id === id);
  const orderOf = new Map(orders.map((o) => [o.id, o]));
  const intentOf = new Map(intents.map((i) => [i.id, i]));
  const unorderable = (intentId: string) =>
    byIntent(providerRefunds, intentId).filter((r) => r.idempotency_key?.startsWith('checkout:'));
  const cancelled = orders.filter((o) => o.status === 'cancelled');

  const expectedEmails = [
    ...orders.map((o) => `order-confirmation:${o.payment_intent_id}`),
    ...cancelled.map((o) => `order-cancelled:${o.id}`),
    ...refunds.filter((r) => r.actor === 'operator').map((r) => `order-refund:${r.id}`),
    ...checkouts
      .filter((c) => c.status === 'refunded')
      .map((c) => `payment-refunded:${c.payment_intent_id}`),
    ...returns.flatMap((r) => [`return-requested:${r.id}`, `return-label:${r.id}`]),
  ];
  const sold = new Map<string, number>();
  for (const item of items) {
    if (orderOf.get(item.order_id)?.status === 'cancelled') continue;
    sold.set(item.size, (sold.get(item.size) ?? 0) + item.quantity);
  }
  const stockNow = await stockOf(db);

  return {
    /** Every return recorded has its label and its label email (the email: `emails` below). */
    returnsUnlabelled: returns
      .filter((r) => !r.return_label || !labels.some((l) => l.return_id === r.id))
      .map((r) => r.public_id),
    returnsLost: missing(
      acknowledged.return,
      returns.map((r) => r.public_id),
    ),
    /** Every email queued is sent (logged without SMTP), once. */
    emailsNotSentOnce: emails
      .filter((e) => !['sent', 'logged'].includes(e.status) || e.attempts !== 1)
      .map((e) => `${e.dedupe_key}: ${e.status}, ${e.attempts} attempts`),
    /** One email for each thing that has one, and none for anything else. */
    emailsMissing: missing(
      expectedEmails,
      emails.map((e) => e.dedupe_key ?? e.id),
    ),
    emailsUnexplained: missing(
      emails.map((e) => e.dedupe_key ?? e.id),
      expectedEmails,
    ),
    /** A paid intent has one order or, never as well, a refund of it all; an unpaid one neither. */
    intentsNotOneOutcome: intents
      .map((i) => ({
        id: i.id,
        status: i.status,
        orders: byIntent(orders, i.id).length,
        refunded: sum(unorderable(i.id)),
      }))
      .filter((i) =>
        i.status === 'succeeded'
          ? i.orders + (i.refunded > 0 ? 1 : 0) !== 1 ||
            (i.refunded > 0 && i.refunded !== intentOf.get(i.id)!.amount)
          : i.orders + i.refunded > 0,
      ),
    totalsNotPaid: orders
      .filter((o) => o.total !== intentOf.get(o.payment_intent_id!)?.amount)
      .map((o) => o.order_number),
    /** An order's refunds are the provider's, each of the same amount, never more than was paid. */
    refundsNotProviders: orders
      .filter((o) => {
        const recorded = refunds.filter((r) => r.order_id === o.id);
        const provider = byIntent(providerRefunds, o.payment_intent_id);
        return (
          sum(recorded) !== o.amount_refunded ||
          sum(provider) !== o.amount_refunded ||
          intentOf.get(o.payment_intent_id!)?.amount_refunded !== o.amount_refunded ||
          o.amount_refunded > o.total ||
          recorded.some(
            (r) => provider.find((p) => p.id === r.provider_refund_id)?.amount !== r.amount,
          )
        );
      })
      .map((o) => o.order_number),
    /** A cancelled order is refunded in full, once, and cancelled once. */
    cancelsNotOnce: cancelled
      .filter(
        (o) =>
          o.amount_refunded !== o.total ||
          events.filter((e) => e.order_id === o.id && e.to_status === 'cancelled').length !== 1,
      )
      .map((o) => o.order_number),
    cancelsLost: missing(
      acknowledged.cancel,
      cancelled.map((o) => o.order_number),
    ),
    refundsLost: acknowledged.refund
      .filter((a) => refunds.find((r) => r.id === a.id)?.amount !== a.amount)
      .map((a) => a.id),
    checkoutsLost: missing(
      acknowledged.checkout,
      orders.map((o) => o.payment_intent_id ?? ''),
    ),
    /** On hand + sold = the start, for every counted size: cancels gave their stock back once. */
    stockNotAddingUp: [...stockAtStart]
      .filter(([size, start]) => (stockNow.get(size) ?? 0) + (sold.get(size) ?? 0) !== start)
      .map(
        ([size, start]) =>
          `${size}: ${stockNow.get(size)} + ${sold.get(size)} sold, ${start} at the start`,
      ),
  };
}

/** No violations: what `violations` answers when everything holds. */
export const NONE: Awaited<ReturnType<typeof violations>> = {
  returnsUnlabelled: [],
  returnsLost: [],
  emailsNotSentOnce: [],
  emailsMissing: [],
  emailsUnexplained: [],
  intentsNotOneOutcome: [],
  totalsNotPaid: [],
  refundsNotProviders: [],
  cancelsNotOnce: [],
  cancelsLost: [],
  refundsLost: [],
  checkoutsLost: [],
  stockNotAddingUp: [],
};
