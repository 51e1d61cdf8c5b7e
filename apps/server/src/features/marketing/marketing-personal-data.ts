/**
 * The marketing feature's part of the personal-data registry (decision 032, "Personal data"): the
 * unsubscribes of the person's proved addresses, exported; an erasure deletes them (the checkouts'
 * emails go with the checkout's part, so no reminder can follow).
 */
import { definePart } from '../../lib/personal-data.ts';
import * as repo from './marketing.repository.ts';

export const marketingPersonalData = definePart({
  feature: 'marketing',
  tables: ['marketing_unsubscribes'],
  order: 47,
  locate: (db, person) => repo.unsubscribesOf(db, person.verifiedEmails),
  identifiers: (rows) => rows.map((r) => r.email),
  async export(_db, rows) {
    return {
      marketingUnsubscribes: rows.map((r) => ({
        email: r.email,
        unsubscribedAt: r.unsubscribed_at,
        source: r.source,
      })),
    };
  },
  detail: (rows) => ({
    unsubscribes: rows.map((r) => ({
      email: r.email,
      unsubscribedAt: r.unsubscribed_at,
      source: r.source,
    })),
  }),
  async erase(trx, rows) {
    return {
      marketingUnsubscribes: await repo.deleteUnsubscribes(
        trx,
        rows.map((r) => r.email),
      ),
    };
  },
});
