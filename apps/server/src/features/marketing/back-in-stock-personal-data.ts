/**
 * The back-in-stock part of the personal-data registry (decision 050): the waiting requests of the
 * person's proved addresses (address, design, size, when asked), exported; an erasure deletes them.
 */
import { definePart } from '../../lib/personal-data.ts';
import * as repo from './back-in-stock.repository.ts';

export const backInStockPersonalData = definePart({
  feature: 'marketing',
  tables: ['back_in_stock_requests'],
  order: 57,
  locate: (db, person) => repo.requestsOf(db, person.verifiedEmails),
  identifiers: (rows) => rows.map((r) => r.email),
  async export(_db, rows) {
    return {
      backInStockRequests: rows.map((r) => ({
        email: r.email,
        design: r.design,
        size: r.size,
        requestedAt: r.created_at,
      })),
    };
  },
  async erase(trx, rows) {
    return {
      backInStockRequests: await repo.deleteRequests(
        trx,
        rows.map((r) => r.id),
      ),
    };
  },
});
