/**
 * The console's customer search (issue 15): newest first, by email or name, keyset-paged. Guest
 * buyers (issue 30, decision 053) are listed with the customers, in the same order and pages: the
 * orders placed without an account, one row a lowercased email, dated by their first order and
 * identified by its id (unique, like a customer's id, so the keyset stays a total order).
 */
import { sql } from 'kysely';
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
 * Guest orders: without a customer and not erased (no email), nor placed with the verified email of a
 * customer, whose page shows them already (lib/personal-data.ts: a verified address finds them).
 */
const guestOrders = (db: Db) =>
  db
    .selectFrom('orders as o')
    .where('o.customer_id', 'is', null)
    .where('o.email', '!=', '')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('customers as vc')
            .select('vc.id')
            // Customers' emails are stored lowercase (customers.service).
            .where('vc.email', '=', sql<string>`lower(o.email)`)
            .where('vc.email_verified', '=', 1)
            .where('vc.erased_at', 'is', null),
        ),
      ),
    );

/** Guest buyers: guest orders grouped by lowercased email. */
function guestRows(db: Db, q: string | undefined) {
  let query = guestOrders(db)
    .select((eb) => [
      eb.fn.min<string>('o.id').as('id'),
      sql<string>`lower(o.email)`.as('email'),
      eb.fn.max<string>('o.shipping_name').as('name'),
      sql<number>`0`.as('email_verified'),
      sql<string>`'[]'`.as('roles'),
      eb.fn.min<string>('o.created_at').as('created_at'),
      sql<string | null>`null`.as('erased_at'),
      sql<CustomerKind>`'guest'`.as('kind'),
      eb.fn.countAll<number | string>().as('order_count'),
    ])
    .groupBy(sql`lower(o.email)`);
  if (q && isWholeEmail(q)) {
    query = query.where(sql`lower(o.email)`, '=', q.trim().toLowerCase());
  } else if (q) {
    query = query.where((eb) =>
      eb.or([
        containsText('o.email', q),
        containsText('o.shipping_name', q),
        eb('o.id', '=', q.trim()),
      ]),
    );
  }
  return query;
}

/** Customers and guests (`kind`), newest first. */
export function listCustomers(db: Db, options: Search) {
  const q = options.q;
  let query = db.selectFrom(customerRows(db, q).unionAll(guestRows(db, q)).as('p')).selectAll();
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('p.created_at', '<', after.at),
        eb.and([eb('p.created_at', '=', after.at), eb('p.id', '<', after.id)]),
      ]),
    );
  }
  return query
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(options.limit)
    .execute();
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
 * The guest buyer with `email` (lowercase): their id (the smallest of their orders' ids: ids begin with
 * their time, so the first order's), first and last order's time, name, count.
 */
export async function guestByEmail(db: Db, email: string) {
  const row = await guestOrders(db)
    .select((eb) => [
      eb.fn.min<string>('o.id').as('id'),
      eb.fn.min<string>('o.created_at').as('firstAt'),
      eb.fn.max<string>('o.created_at').as('lastAt'),
      eb.fn.max<string>('o.shipping_name').as('name'),
      eb.fn.countAll<number | string>().as('n'),
    ])
    .where(sql`lower(o.email)`, '=', email)
    .executeTakeFirst();
  if (!row?.id) return undefined;
  const { id, firstAt, lastAt, name } = row;
  return { id, firstAt, lastAt, name: name ?? '', orderCount: Number(row.n) };
}
