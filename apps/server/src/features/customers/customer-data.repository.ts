/**
 * Everything the shop holds on one customer, read for the console's customer page, its JSON export
 * and its erasure (issue 15, item 6). One file reads every feature's tables on purpose: the export and
 * the erasure must see the same records, and a table that holds personal data must be added here (the
 * erasure test searches every table for what it erased). Queries only; the rules of which records are
 * the customer's are in customer-footprint.ts.
 */
import type { Db } from '../../db/database.ts';

/** Splits a long id list so no statement carries too many parameters. */
export function chunks<T>(items: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Rows of `table` whose `column` is one of `values`, in chunks; [] for no values. */
async function whereIn<T>(values: readonly string[], read: (part: string[]) => Promise<T[]>) {
  const rows: T[] = [];
  for (const part of chunks(values)) rows.push(...(await read(part)));
  return rows;
}

export function identitiesOf(db: Db, customerId: string) {
  return db
    .selectFrom('customer_identities')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('created_at')
    .execute();
}

/** Built-in accounts: those whose id is one of the identities' subjects, or with a verified email. */
export function accountsOf(db: Db, subjects: readonly string[], verifiedEmails: readonly string[]) {
  if (subjects.length === 0 && verifiedEmails.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('accounts')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(subjects.length ? [eb('id', 'in', subjects)] : []),
        ...(verifiedEmails.length
          ? [eb.and([eb('email', 'in', verifiedEmails), eb('email_verified', '=', 1)])]
          : []),
      ]),
    )
    .execute();
}

/** Orders placed signed in, and guest orders (no customer) placed with one of `guestEmails`. */
export function ordersOf(db: Db, customerId: string, guestEmails: readonly string[]) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('customer_id', '=', customerId),
        ...(guestEmails.length
          ? [
              eb.and([
                eb('customer_id', 'is', null),
                eb(eb.fn('lower', ['email']), 'in', guestEmails),
              ]),
            ]
          : []),
      ]),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export const orderItemsOf = (db: Db, orderIds: readonly string[]) =>
  whereIn(orderIds, (part) =>
    db
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', 'in', part)
      .orderBy('line_no')
      .execute(),
  );

export const orderEventsOf = (db: Db, orderIds: readonly string[]) =>
  whereIn(orderIds, (part) =>
    db.selectFrom('order_events').selectAll().where('order_id', 'in', part).orderBy('at').execute(),
  );

export const orderRefundsOf = (db: Db, orderIds: readonly string[]) =>
  whereIn(orderIds, (part) =>
    db
      .selectFrom('order_refunds')
      .selectAll()
      .where('order_id', 'in', part)
      .orderBy('created_at')
      .execute(),
  );

export const returnsOf = (db: Db, orderIds: readonly string[]) =>
  whereIn(orderIds, (part) =>
    db.selectFrom('returns').selectAll().where('order_id', 'in', part).orderBy('seq').execute(),
  );

export const returnItemsOf = (db: Db, returnIds: readonly string[]) =>
  whereIn(returnIds, (part) =>
    db
      .selectFrom('return_items')
      .selectAll()
      .where('return_id', 'in', part)
      .orderBy('item_id')
      .execute(),
  );

/** The return labels' records, without the PDFs. */
export const returnLabelsOf = (db: Db, returnIds: readonly string[]) =>
  whereIn(returnIds, (part) =>
    db
      .selectFrom('return_labels')
      .select(['id', 'return_id', 'tracking_number', 'provider', 'created_at'])
      .where('return_id', 'in', part)
      .execute(),
  );

/** Checkouts started signed in, that paid their orders, or as a guest with one of `guestEmails`. */
export function checkoutsOf(
  db: Db,
  customerId: string,
  intentIds: readonly string[],
  guestEmails: readonly string[],
) {
  return db
    .selectFrom('checkouts')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('customer_id', '=', customerId),
        ...chunks(intentIds).map((part) => eb('payment_intent_id', 'in', part)),
        ...(guestEmails.length
          ? [
              eb.and([
                eb('customer_id', 'is', null),
                eb(eb.fn('lower', ['email']), 'in', guestEmails),
              ]),
            ]
          : []),
      ]),
    )
    .orderBy('created_at')
    .execute();
}

export function cartOf(db: Db, customerId: string) {
  return db
    .selectFrom('carts')
    .selectAll()
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

/** Support messages sent signed in, from one of `emails`, or about one of their orders. */
export function supportRequestsOf(
  db: Db,
  customerId: string,
  emails: readonly string[],
  orderNumbers: readonly string[],
) {
  return db
    .selectFrom('support_requests')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('customer_id', '=', customerId),
        ...(emails.length ? [eb(eb.fn('lower', ['email']), 'in', emails)] : []),
        ...chunks(orderNumbers).map((part) => eb('order_number', 'in', part)),
      ]),
    )
    .orderBy('created_at', 'desc')
    .execute();
}

export const supportRepliesOf = (db: Db, supportIds: readonly string[]) =>
  whereIn(supportIds, (part) =>
    db
      .selectFrom('support_replies')
      .selectAll()
      .where('support_request_id', 'in', part)
      .orderBy('created_at')
      .execute(),
  );

export function dataRequestsOf(db: Db, customerId: string, emails: readonly string[]) {
  return db
    .selectFrom('data_requests')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('customer_id', '=', customerId),
        ...(emails.length ? [eb(eb.fn('lower', ['email']), 'in', emails)] : []),
      ]),
    )
    .orderBy('received_at', 'desc')
    .execute();
}

/** Emails sent to one of `addresses` (any case), newest first. */
export function emailsTo(db: Db, addresses: readonly string[]) {
  if (addresses.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('email_outbox')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['to_address']), 'in', addresses))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The card sandbox's intents of their checkouts and orders (what Stripe would hold). */
export const sandboxIntentsOf = (db: Db, intentIds: readonly string[]) =>
  whereIn(intentIds, (part) =>
    db
      .selectFrom('sandbox_payment_intents')
      .select(['id', 'billing_details', 'shipping'])
      .where('id', 'in', part)
      .execute(),
  );
