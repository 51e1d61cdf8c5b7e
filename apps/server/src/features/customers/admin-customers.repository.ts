/** The console's customer search (issue 15): newest first, by email or name, keyset-paged. */
import type { Db } from '../../db/database.ts';
import type { Keyset } from '../../lib/keyset.ts';
import { containsText, isWholeEmail } from '../../lib/like.ts';

export function listCustomers(db: Db, options: { q?: string; after?: Keyset; limit: number }) {
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
    ])
    .select((eb) =>
      eb
        .selectFrom('orders as o')
        .select((sub) => sub.fn.countAll<number | string>().as('n'))
        .whereRef('o.customer_id', '=', 'c.id')
        .as('order_count'),
    );
  const q = options.q;
  if (q && isWholeEmail(q)) {
    // Customers' emails are stored lowercase (customers.service): the email index answers.
    query = query.where('c.email', '=', q.trim().toLowerCase());
  } else if (q) {
    query = query.where((eb) =>
      eb.or([containsText('c.email', q), containsText('c.name', q), eb('c.id', '=', q.trim())]),
    );
  }
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('c.created_at', '<', after.at),
        eb.and([eb('c.created_at', '=', after.at), eb('c.id', '<', after.id)]),
      ]),
    );
  }
  return query
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(options.limit)
    .execute();
}
