/** The console's queries on the storefront's error reports (issue 15): groups and their reports. */
import type { Db } from '../../db/database.ts';
import type { Keyset } from '../../lib/keyset.ts';

/**
 * The groups with a report since `since`, newest latest report first: the count in the period, the
 * group's first report ever, its latest, and the id of its latest report in the period (the sample).
 * Keyset-paged on (latest report, fingerprint). Each group's extra figures come from the
 * (fingerprint, created_at) index.
 */
export async function listErrorGroups(
  db: Db,
  options: { since: string; after?: Keyset; limit: number; fingerprint?: string },
) {
  let query = db
    .selectFrom('client_errors as c')
    .select((eb) => [
      'c.fingerprint',
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.max('c.created_at').as('last_seen'),
      eb
        .selectFrom('client_errors as f')
        .select((sub) => sub.fn.min('f.created_at').as('first'))
        .whereRef('f.fingerprint', '=', 'c.fingerprint')
        .as('first_seen'),
      eb
        .selectFrom('client_errors as s')
        .select('s.id')
        .whereRef('s.fingerprint', '=', 'c.fingerprint')
        .where('s.created_at', '>=', options.since)
        .orderBy('s.created_at', 'desc')
        .orderBy('s.id', 'desc')
        .limit(1)
        .as('sample_id'),
    ])
    .where('c.created_at', '>=', options.since);
  if (options.fingerprint) query = query.where('c.fingerprint', '=', options.fingerprint);
  let grouped = query.groupBy('c.fingerprint');
  const after = options.after;
  if (after) {
    grouped = grouped.having((eb) =>
      eb.or([
        eb(eb.fn.max('c.created_at'), '<', after.at),
        eb.and([eb(eb.fn.max('c.created_at'), '=', after.at), eb('c.fingerprint', '<', after.id)]),
      ]),
    );
  }
  return grouped
    .orderBy((eb) => eb.fn.max('c.created_at'), 'desc')
    .orderBy('c.fingerprint', 'desc')
    .limit(options.limit)
    .execute();
}

export function findReports(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('client_errors').selectAll().where('id', 'in', ids).execute();
}

/** One group's reports since `since`, newest first, keyset-paged on (created_at, id). */
export function listGroupReports(
  db: Db,
  options: { fingerprint: string; since: string; after?: Keyset; limit: number },
) {
  let query = db
    .selectFrom('client_errors')
    .selectAll()
    .where('fingerprint', '=', options.fingerprint)
    .where('created_at', '>=', options.since);
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', after.at),
        eb.and([eb('created_at', '=', after.at), eb('id', '<', after.id)]),
      ]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}
