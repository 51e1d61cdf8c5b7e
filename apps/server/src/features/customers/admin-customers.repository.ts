/**
 * The console's customer search (issue 15): newest first, by email or name, keyset-paged. Guest
 * buyers (issue 30, decision 053) are listed with the customers, in the same order and pages: the
 * orders placed without an account, one row a lowercased email, dated by their first order and
 * identified by its id (unique, like a customer's id, so the keyset stays a total order). A page reads
 * each kind's next rows from its own index in that order and merges them (decision 053, amended
 * 2026-11-29): what a page costs does not grow with the shop's orders.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { CustomerKind } from '@sunward/core/console-customers';
import type { Db } from '../../db/database.ts';
import type { Keyset } from '../../lib/keyset.ts';
import { containsText, isWholeEmail } from '../../lib/like.ts';

interface Search {
  q?: string;
  after?: Keyset;
  limit: number;
}

function customerRows(db: Db, q: string | undefined) {
  let query = db
    .selectFrom('customers as c')
    .select([
      'c.id',
      'c.email',
      'c.name',
      'c.email_verified',
      'c.roles',
      'c.created_at',
      'c.erased_at',
      sql<CustomerKind>`case when c.guest = 1 then 'erased-guest' else 'customer' end`.as('kind'),
    ])
    .select((eb) =>
      eb
        .selectFrom('orders as o')
        .select((sub) => sub.fn.countAll<number | string>().as('n'))
        .whereRef('o.customer_id', '=', 'c.id')
        .as('order_count'),
    );
  if (q && isWholeEmail(q)) {
    // Customers' emails are stored lowercase (customers.service): the email index answers.
    query = query.where('c.email', '=', q.trim().toLowerCase());
  } else if (q) {
    query = query.where((eb) =>
      eb.or([containsText('c.email', q), containsText('c.name', q), eb('c.id', '=', q.trim())]),
    );
  }
  return query;
}

/**
 * `email` (lowercase) is no customer's verified email (the customer's page shows such a guest's orders
 * already: lib/personal-data.ts, a verified address finds them).
 *
 * The customer is looked up as a value (at most one: a verified email is unique, migration 007), not
 * with `not exists`, which PostgreSQL turns into an anti-join and estimates from the two tables'
 * statistics as if most guests' emails were customers'.
 */
const notACustomersEmail = (db: Db, email: RawBuilder<string>) =>
  sql<SqlBool>`${db
    .selectFrom('customers as vc')
    .select('vc.id')
    // Customers' emails are stored lowercase (customers.service).
    .where('vc.email', '=', email)
    .where('vc.email_verified', '=', 1)
    .where('vc.erased_at', 'is', null)} is null`;

/** The lowercased email of the outer query's order `o`. */
const orderEmail = sql<string>`lower(o.email)`;

/** Guest orders: without a customer and not erased (no email), nor a customer's (above). */
const guestOrders = (db: Db) =>
  db
    .selectFrom('orders as o')
    .where('o.customer_id', 'is', null)
    .where('o.email', '!=', '')
    .where(notACustomersEmail(db, orderEmail));

/** The guest orders of `email` (lowercase; the outer query's), on the email index, as `g`. */
const guestOrdersOf = (db: Db, email: RawBuilder<string>) =>
  db
    .selectFrom('orders as g')
    .where('g.customer_id', 'is', null)
    .where(sql<string>`lower(g.email)`, '=', email);

/** A guest's name (the greatest of their orders' shipping names), as `name`. */
const guestNameOf = (db: Db, email: RawBuilder<string>) =>
  guestOrdersOf(db, email)
    .select((eb) => eb.fn.max<string>('g.shipping_name').as('name'))
    .$asScalar()
    .as('name');

/** How many guest orders `email` has, as `order_count`. */
const guestOrderCountOf = (db: Db, email: RawBuilder<string>) =>
  guestOrdersOf(db, email)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .$asScalar()
    .as('order_count');

/**
 * Guest buyers among the guest orders `ids`, one row a lowercased email: the orders that are their
 * guest's first (no guest order of that email before it, by time then id), with the name and count
 * of all the email's guest orders, each read on the email index.
 */
export function guestRowsOf(db: Db, ids: readonly string[]) {
  // The ids are guest orders' (guestCandidatesQuery): found by them alone, so that SQLite reads
  // them by id rather than every guest order for them.
  return db
    .selectFrom('orders as o')
    .where('o.id', 'in', ids)
    .where(notACustomersEmail(db, orderEmail))
    .where(({ not, exists }) =>
      not(
        exists(
          guestOrdersOf(db, orderEmail)
            .select('g.id')
            .where((eb) =>
              eb(
                eb.tuple(eb.ref('g.created_at'), eb.ref('g.id')),
                '<',
                eb.tuple(sql.ref<string>('o.created_at'), sql.ref<string>('o.id')),
              ),
            ),
        ),
      ),
    )
    .select([
      'o.id',
      orderEmail.as('email'),
      guestNameOf(db, orderEmail),
      sql<number>`0`.as('email_verified'),
      sql<string>`'[]'`.as('roles'),
      'o.created_at',
      sql<string | null>`null`.as('erased_at'),
      sql<CustomerKind>`'guest'`.as('kind'),
      guestOrderCountOf(db, orderEmail),
    ]);
}

/** An order's time and id in one text, ordered as the pair: ISO times all have 24 characters. */
const TIME_LENGTH = 24;

/**
 * Guest buyers a search's words find (in an email, a shipping name, or an order's id): every guest
 * order has to be read for the words (no index holds a word anywhere in a text), once, for the
 * emails of the orders they match; each of those emails' first order (the smallest time-and-id pair),
 * name and count are then read on the email index. The same rows as `guestRowsOf`.
 */
function guestSearchRows(db: Db, words: string) {
  const emails = db
    .selectFrom('orders as m')
    .select(sql<string>`lower(m.email)`.as('email'))
    .where('m.customer_id', 'is', null)
    .where('m.email', '!=', '')
    .where((eb) =>
      eb.or([
        containsText('m.email', words),
        containsText('m.shipping_name', words),
        eb('m.id', '=', words.trim()),
      ]),
    )
    .groupBy(sql`lower(m.email)`)
    .as('e');
  const email = sql.ref<string>('e.email');
  const found = db
    .selectFrom(emails)
    .where(notACustomersEmail(db, email))
    .select([
      guestOrdersOf(db, email)
        .select((eb) => eb.fn.min<string>(sql<string>`g.created_at || ' ' || g.id`).as('first'))
        .$asScalar()
        .as('first'),
      'e.email',
      guestNameOf(db, email),
      guestOrderCountOf(db, email),
    ])
    .as('s');
  return db
    .selectFrom(found)
    .select([
      sql<string>`substr(s.first, ${sql.lit(TIME_LENGTH + 2)})`.as('id'),
      's.email',
      's.name',
      sql<number>`0`.as('email_verified'),
      sql<string>`'[]'`.as('roles'),
      sql<string>`substr(s.first, 1, ${sql.lit(TIME_LENGTH)})`.as('created_at'),
      sql<string | null>`null`.as('erased_at'),
      sql<CustomerKind>`'guest'`.as('kind'),
      's.order_count',
    ]);
}

/** Rows after the keyset's in the list's order (newest first), of the table aliased `table`. */
const afterKeyset = (table: 'c' | 'o' | 'p', after: Keyset) =>
  sql<SqlBool>`(${sql.ref(`${table}.created_at`)}, ${sql.ref(`${table}.id`)}) < (${after.at}, ${after.id})`;

interface Listed {
  id: string;
  created_at: string;
}

const newestFirst = (a: Listed, b: Listed) =>
  a.created_at !== b.created_at
    ? a.created_at < b.created_at
      ? 1
      : -1
    : a.id === b.id
      ? 0
      : a.id < b.id
        ? 1
        : -1;

/** A page of customers (no guests), newest first, after the keyset. */
export const customerPageQuery = (db: Db, { q, after, limit }: Search) =>
  customerRows(db, q)
    .$if(after !== undefined, (query) => query.where(afterKeyset('c', after!)))
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit);

/**
 * The guest orders a page of guests is made of, newest first after the keyset: `batch` of them, read
 * in that order from the (customer_id, created_at, id) index (migration 009) and nothing else, so no
 * planner has a filter's selectivity to guess (PostgreSQL, guessing, sorted every guest order). With
 * a whole email, that email's orders only.
 */
export const guestCandidatesQuery = (
  db: Db,
  email: string | undefined,
  after: Keyset | undefined,
  batch: number,
) =>
  db
    .selectFrom('orders as o')
    .select(['o.id', 'o.created_at'])
    .where('o.customer_id', 'is', null)
    .where('o.email', '!=', '')
    .$if(email !== undefined, (query) => query.where(sql`lower(o.email)`, '=', email!))
    .$if(after !== undefined, (query) => query.where(afterKeyset('o', after!)))
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(batch);

/** A page of the guests a search's words find, newest first, after the keyset. */
export const guestSearchPageQuery = (db: Db, words: string, { after, limit }: Search) =>
  db
    .selectFrom(guestSearchRows(db, words).as('p'))
    .selectAll()
    .$if(after !== undefined, (query) => query.where(afterKeyset('p', after!)))
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit);

/**
 * A page of guest buyers, newest first by their first order: the guest orders in the list's order a
 * batch at a time, the guests' first orders among them, until the page is full or the orders end.
 * Each batch is twice the page (most orders in a shop are a guest's first or a customer's).
 */
async function guestPage(db: Db, { q, after, limit }: Search) {
  if (q && !isWholeEmail(q)) return guestSearchPageQuery(db, q, { after, limit }).execute();
  const email = q?.trim().toLowerCase();
  const batch = Math.max(2 * limit, 50);
  const rows = [];
  for (let from = after; ;) {
    const candidates = await guestCandidatesQuery(db, email, from, batch).execute();
    const ids = candidates.map((c) => c.id);
    if (ids.length > 0) rows.push(...(await guestRowsOf(db, ids).execute()));
    const last = candidates.at(-1);
    if (rows.length >= limit || candidates.length < batch || !last) break;
    from = { at: last.created_at, id: last.id };
  }
  return rows.sort(newestFirst).slice(0, limit);
}

/**
 * Customers and guests (`kind`), newest first: each kind's next `limit` rows after the keyset, read
 * in that order (guests found by words excepted: above), merged, the first `limit` of them.
 */
export async function listCustomers(db: Db, options: Search) {
  const customers = await customerPageQuery(db, options).execute();
  const guests = await guestPage(db, options);
  return [...customers, ...guests].sort(newestFirst).slice(0, options.limit);
}

/** A guest buyer by the id of one of their orders: the order's lowercased email, or undefined. */
export async function guestEmailOf(db: Db, orderId: string): Promise<string | undefined> {
  const row = await guestOrders(db)
    .select('o.email')
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  return row?.email.toLowerCase();
}

/**
 * The guest buyer with `email` (lowercase): their id (their first order's, by time then id, as the
 * list has it), first and last order's time, name, count.
 */
export async function guestByEmail(db: Db, email: string) {
  const row = await guestOrders(db)
    .where(sql`lower(o.email)`, '=', email)
    .select([
      'o.id',
      'o.created_at as firstAt',
      guestOrdersOf(db, orderEmail)
        .select((eb) => eb.fn.max<string>('g.created_at').as('lastAt'))
        .$asScalar()
        .as('lastAt'),
      guestNameOf(db, orderEmail),
      guestOrderCountOf(db, orderEmail),
    ])
    .orderBy('o.created_at')
    .orderBy('o.id')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  const { id, firstAt, name } = row;
  return {
    id,
    firstAt,
    lastAt: row.lastAt ?? firstAt,
    name: name ?? '',
    orderCount: Number(row.order_count ?? 0),
  };
}
