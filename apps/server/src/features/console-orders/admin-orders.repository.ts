/**
 * The console's order queries (issue 15). The list is newest first, keyset-paged on (created_at desc,
 * id desc), and every filter is the equality prefix of one index of migration 013, so a page is one
 * range scan of an index whatever the table's size; the search is a union of prefix ranges over the
 * search indexes. Conditions on indexed expressions are written with the migration's own expressions:
 * a query uses an expression index only when it repeats the expression (decision 024 shows the plans).
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { PaymentStatus } from '@sunward/core/order-payment';
import { isPostgres, type Database, type Db } from '../../db/database.ts';
import {
  PAYMENT_STATUS_SQL,
  searchExpressions,
  type SearchField,
} from '../../db/migrations/013-console-orders.ts';
import type { OrderPosition } from '../orders/orders.api.ts';

export interface OrderFilter {
  status?: string;
  payment?: PaymentStatus;
  /** created_at >= start (an ISO instant). */
  start?: string;
  /** created_at < end. */
  end?: string;
  /** Prefixes: `text` (lower case) of the email and the names, `number` of the order number. */
  search?: { text: string; number: string };
}

/**
 * The first string after every string that starts with `prefix` (in code point order, which is how
 * SQLite and PostgreSQL's "C" collation compare): `prefix` with its last character's code point
 * raised by one. `prefix <= s < prefixEnd(prefix)` holds exactly for the strings starting with it.
 */
export function prefixEnd(prefix: string): string {
  const chars = [...prefix];
  const last = chars.pop();
  if (last === undefined) throw new RangeError('An empty prefix has no end');
  return chars.join('') + String.fromCodePoint(last.codePointAt(0)! + 1);
}

/** The columns the list and the CSV show. */
const LIST_COLUMNS = [
  'id',
  'order_number',
  'created_at',
  'status',
  'email',
  'shipping_name',
  'subtotal',
  'shipping',
  'sales_tax',
  'total',
  'amount_refunded',
  'carrier',
  'tracking',
] as const;

/** The payment-status expression that migration 013 indexes. */
const paymentStatus = sql.raw<string>(`(${PAYMENT_STATUS_SQL})`);

type Page = { after: OrderPosition | null; limit: number };

/** The fields a search looks at, each with its prefix (the order number only when q can be one). */
function searchFields(terms: NonNullable<OrderFilter['search']>): [SearchField, string][] {
  return [
    ...(terms.number ? [['number', terms.number] as [SearchField, string]] : []),
    ['email', terms.text],
    ['shippingName', terms.text],
    ['billingName', terms.text],
    ['shippingSurname', terms.text],
    ['billingSurname', terms.text],
  ];
}

/** Which conditions SQLite may answer from an index (PostgreSQL, with statistics, decides itself). */
interface IndexUse {
  /** created_at and the cursor. */
  time: boolean;
  /** status and payment status. */
  filters: boolean;
}
const ALL_INDEXES: IndexUse = { time: true, filters: true };

/**
 * The conditions of `filter` (but the search) and the page's cursor. A condition SQLite is not to
 * answer from an index is written with a unary + (SQLite runs no ANALYZE here, so it has no
 * statistics, and would take an equality on status over a search's key); PostgreSQL gets them plain.
 */
function conditions(
  eb: ExpressionBuilder<Database, 'orders'>,
  filter: OrderFilter,
  after: OrderPosition | null,
  use: IndexUse,
) {
  const plain = (name: 'status' | 'created_at', indexed: boolean) =>
    indexed ? sql.ref<string>(name) : sql<string>`+${sql.ref(name)}`;
  const status = plain('status', use.filters);
  const time = plain('created_at', use.time);
  const payment = use.filters ? paymentStatus : sql<string>`+${paymentStatus}`;
  const all = [];
  if (filter.status) all.push(eb(status, '=', filter.status));
  if (filter.payment) all.push(eb(payment, '=', filter.payment));
  if (filter.start) all.push(eb(time, '>=', filter.start));
  if (filter.end) all.push(eb(time, '<', filter.end));
  if (after) {
    all.push(eb(eb.tuple(time, eb.ref('id')), '<', eb.tuple(after.createdAt, after.id)));
  }
  return eb.and(all);
}

/**
 * The newest `limit` matches of one search field, as (created_at, id) pairs, from that field's
 * covering index (migration 013: key, created_at, id, status), in two parts: the key equal to the
 * text (a whole email, a whole surname), read newest first and stopped after `limit`, however many
 * orders it has; and the keys longer than the text that start with it, a range whose matches are
 * sorted by time (a pass over index entries, never a read of each order).
 */
function searchBranches(
  db: Db,
  field: SearchField,
  prefix: string,
  filter: OrderFilter,
  page: Page,
) {
  const postgres = isPostgres(db);
  const key = sql.raw<string>(searchExpressions(postgres)[field]);
  const branch = (exact: boolean) =>
    db
      .selectFrom((inner) =>
        inner
          .selectFrom('orders')
          .select(['created_at', 'id'])
          .where((eb) =>
            eb.and([
              ...(exact
                ? [eb(key, '=', prefix)]
                : [eb(key, '>', prefix), eb(key, '<', prefixEnd(prefix))]),
              conditions(
                eb,
                filter,
                page.after,
                postgres ? ALL_INDEXES : { time: exact, filters: false },
              ),
            ]),
          )
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(page.limit)
          .as('branch'),
      )
      .select(['branch.created_at', 'branch.id']);
  return [branch(true), branch(false)];
}

/**
 * The query of the orders matching `filter`, newest first, after `after`, at most `limit`. Without a
 * search, one range of the index whose leading columns are the filter's equalities, read in order
 * (migration 013). With a search, the newest matches of each search field (searchBranches), merged,
 * the newest `limit` of those read.
 */
export function ordersQuery(db: Db, filter: OrderFilter, page: Page) {
  const query = db.selectFrom('orders').select(LIST_COLUMNS);
  const terms = filter.search;
  if (!terms) {
    return query
      .where((eb) => conditions(eb, filter, page.after, ALL_INDEXES))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit);
  }
  const [first, ...rest] = searchFields(terms).flatMap(([field, prefix]) =>
    searchBranches(db, field, prefix, filter, page),
  );
  const matches = rest.reduce((union, branch) => union.union(branch), first!);
  return query
    .where('id', 'in', (eb) =>
      eb
        .selectFrom(matches.as('m'))
        .select('m.id')
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'desc')
        .limit(page.limit),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit);
}

/** How many of the newest orders a short search looks through first (probeQuery). */
export const SEARCH_PROBE_ROWS = 2000;

/** Searches this short are likely to match many orders: they look at the newest ones first. */
const SHORT_SEARCH = 3;

/**
 * The matches of `filter`'s search among the newest SEARCH_PROBE_ROWS orders of its other
 * conditions, newest first: read in the list's order from the filter's index, so a search matching
 * many orders ("j", "ja") finds its page in a few thousand rows instead of sorting every match.
 */
export function probeQuery(db: Db, filter: OrderFilter, page: Page) {
  const search = searchExpressions(isPostgres(db));
  const fields = searchFields(filter.search!);
  return db
    .selectFrom((inner) =>
      inner
        .selectFrom('orders')
        .selectAll()
        .where((eb) => conditions(eb, filter, page.after, ALL_INDEXES))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(SEARCH_PROBE_ROWS)
        .as('recent'),
    )
    .select(LIST_COLUMNS)
    .where((eb) =>
      eb.or(
        fields.map(([field, prefix]) => {
          const key = sql.raw<string>(search[field]);
          return eb.and([eb(key, '>=', prefix), eb(key, '<', prefixEnd(prefix))]);
        }),
      ),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit);
}

/**
 * The orders matching `filter`, newest first, after `after`, at most `limit`. A short search first
 * looks through the newest orders (probeQuery); when they hold a whole page, that is the page (the
 * newest matches of all), otherwise the search's indexes answer (ordersQuery).
 */
export async function listOrders(db: Db, filter: OrderFilter, page: Page) {
  if (filter.search && [...filter.search.text].length <= SHORT_SEARCH) {
    const recent = await probeQuery(db, filter, page).execute();
    if (recent.length >= page.limit) return recent;
  }
  return ordersQuery(db, filter, page).execute();
}

export type ListedOrder = Awaited<ReturnType<typeof listOrders>>[number];

/** The items of several orders, by order and line (the CSV's items column). */
export function itemsOfOrders(db: Db, orderIds: readonly string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_items')
    .select(['order_id', 'line_no', 'design', 'size', 'position', 'quantity'])
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('line_no')
    .execute();
}

/** The shirts on each of several orders (the lines' quantities added up). */
export async function itemCounts(db: Db, orderIds: readonly string[]) {
  if (orderIds.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('order_items')
    .select((eb) => ['order_id', eb.fn.sum<number | string>('quantity').as('units')])
    .where('order_id', 'in', orderIds)
    .groupBy('order_id')
    .execute();
  return new Map(rows.map((r) => [r.order_id, Number(r.units)]));
}

/** The status of each order's latest return (the highest seq), for orders that have returns. */
export async function latestReturnStatuses(db: Db, orderIds: readonly string[]) {
  if (orderIds.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('returns as r')
    .select(['r.order_id', 'r.status'])
    .where('r.order_id', 'in', orderIds)
    .where((eb) =>
      eb(
        'r.seq',
        '=',
        eb
          .selectFrom('returns as later')
          .select((l) => l.fn.max('later.seq').as('seq'))
          .whereRef('later.order_id', '=', 'r.order_id'),
      ),
    )
    .execute();
  return new Map(rows.map((r) => [r.order_id, r.status]));
}

/** The order's refunds, oldest first, with the email of the operator who made each. */
export function refundsOf(db: Db, orderId: string) {
  return db
    .selectFrom('order_refunds as r')
    .leftJoin('customers as c', 'c.id', 'r.actor_id')
    .select([
      'r.id',
      'r.amount',
      'r.reason',
      'r.actor',
      'r.created_at',
      'r.scope',
      'c.email as operator_email',
    ])
    .where('r.order_id', '=', orderId)
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute();
}

/** The order's status changes, oldest first, with the email of the operator who made each. */
export function eventsOf(db: Db, orderId: string) {
  return db
    .selectFrom('order_events as e')
    .leftJoin('customers as c', 'c.id', 'e.actor_id')
    .select([
      'e.id',
      'e.at',
      'e.actor',
      'e.from_status',
      'e.to_status',
      'e.reason',
      'c.email as operator_email',
    ])
    .where('e.order_id', '=', orderId)
    .orderBy('e.at')
    .orderBy('e.id')
    .execute();
}

/** The emails queued for the order, oldest first. */
export function emailsOf(db: Db, orderId: string) {
  return db
    .selectFrom('email_outbox')
    .select([
      'id',
      'kind',
      'to_address',
      'subject',
      'status',
      'created_at',
      'sent_at',
      'last_error',
    ])
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The order's returns, oldest first, with the number of the replacement order an exchange made. */
export function returnsOf(db: Db, orderId: string) {
  return db
    .selectFrom('returns as r')
    .leftJoin('orders as x', 'x.id', 'r.exchange_order_id')
    .select([
      'r.public_id',
      'r.seq',
      'r.status',
      'r.created_at',
      'r.refund_amount',
      'x.order_number as exchange_order_number',
    ])
    .where('r.order_id', '=', orderId)
    .orderBy('r.seq')
    .execute();
}

/** The number of the order whose exchange made this one, if it is a replacement. */
export async function replacementFor(db: Db, orderId: string): Promise<string | null> {
  const row = await db
    .selectFrom('returns as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select('o.order_number')
    .where('r.exchange_order_id', '=', orderId)
    .executeTakeFirst();
  return row?.order_number ?? null;
}

export function notesOf(db: Db, orderId: string) {
  return db
    .selectFrom('order_notes')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

export function findNoteByKey(db: Db, idempotencyKey: string) {
  return db
    .selectFrom('order_notes')
    .selectAll()
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

/** Inserts a note unless its key was used; true when inserted. */
export async function insertNote(db: Db, note: Database['order_notes']): Promise<boolean> {
  const result = await db
    .insertInto('order_notes')
    .values(note)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
