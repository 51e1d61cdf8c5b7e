/**
 * The discounts' part of the personal-data registry (lib/personal-data.ts; decision 032, "Personal
 * data"): the uses of codes by the person's account or a proven email. An erasure keeps each use (a
 * code's count and revenue stay right) and empties who made it.
 */
import type { Db } from '../../db/database.ts';
import { definePart } from '../../lib/personal-data.ts';

function usesOf(db: Db, customerId: string, emails: readonly string[]) {
  return db
    .selectFrom('discount_redemptions as r')
    .innerJoin('discount_codes as c', 'c.id', 'r.code_id')
    .select(['r.id', 'r.email', 'r.status', 'r.discount', 'r.created_at', 'c.code'])
    .where((eb) =>
      eb.or([
        eb('r.customer_id', '=', customerId),
        ...(emails.length ? [eb('r.email', 'in', emails)] : []),
      ]),
    )
    .orderBy('r.created_at')
    .execute();
}

export const discountsPersonalData = definePart({
  feature: 'discounts',
  tables: ['discount_redemptions'],
  order: 45,
  locate: (db, person) => usesOf(db, person.customerId, person.verifiedEmails),
  identifiers: (uses) => uses.map((u) => u.email),
  async export(_db, uses) {
    return {
      discountCodeUses: uses.map((u) => ({
        code: u.code,
        status: u.status,
        email: u.email,
        discount: u.discount,
        createdAt: u.created_at,
      })),
    };
  },
  async erase(trx, uses) {
    for (const use of uses) {
      await trx
        .updateTable('discount_redemptions')
        .set({ email: null, customer_id: null })
        .where('id', '=', use.id)
        .execute();
    }
    return { discountCodeUses: uses.length };
  },
});
