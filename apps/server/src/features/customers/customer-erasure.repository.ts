/**
 * The customers' own tables in a customer's export and erasure (customer-personal-data.ts): the
 * customer, their sign-in identities and the tombstones of erased identities. Every other feature's
 * rows are that feature's part of the personal-data registry (lib/personal-data.ts).
 */
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import type { CustomerRow } from './customers.table.ts';

type Trx = Transaction<Database>;

/** The customer, locked for the rest of `trx` (a write that changes nothing; see lockOrder). */
export async function lockCustomer(trx: Trx, id: string): Promise<CustomerRow | undefined> {
  const touched = await trx
    .updateTable('customers')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(touched.numUpdatedRows) !== 1) return undefined;
  return trx.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function identitiesOf(db: Db, customerId: string) {
  return db
    .selectFrom('customer_identities')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('created_at')
    .execute();
}

/** The identities go; a tombstone each keeps their older tokens from making the customer again. */
export async function replaceIdentities(
  trx: Trx,
  identities: { issuer: string; subject: string }[],
  customerId: string,
  at: string,
): Promise<number> {
  for (const { issuer, subject } of identities) {
    await trx
      .insertInto('erased_identities')
      .values({ issuer, subject, erased_at: at })
      .onConflict((oc) => oc.columns(['issuer', 'subject']).doUpdateSet({ erased_at: at }))
      .execute();
  }
  await trx.deleteFrom('customer_identities').where('customer_id', '=', customerId).execute();
  return identities.length;
}

/** The placeholder the orders keep pointing to: no email, no name, no role, and when it was erased. */
export async function emptyCustomer(trx: Trx, id: string, at: string): Promise<void> {
  await trx
    .updateTable('customers')
    .set({ email: '', name: '', email_verified: 0, roles: '[]', erased_at: at, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/**
 * The placeholder an erasure by email makes for a guest (decision 053): an erased customer marked as a
 * guest's, that their kept orders, messages and requests point to; each part's erasure links its rows
 * to it as it does for a customer, and the customers' part empties it (erased_at).
 */
export async function insertErasedGuest(trx: Trx, id: string, at: string): Promise<void> {
  await trx
    .insertInto('customers')
    .values({
      id,
      email: '',
      email_verified: 0,
      name: '',
      roles: '[]',
      created_at: at,
      updated_at: at,
      erased_at: at,
      guest: 1,
    })
    .execute();
}
