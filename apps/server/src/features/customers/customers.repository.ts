/** Every query on customers and their identities (issuer + subject). */
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CustomerRow, CustomersTable } from './customers.table.ts';

export function findIdentity(db: Db, issuer: string, subject: string) {
  return db
    .selectFrom('customer_identities')
    .select('customer_id')
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

/** The one customer whose email (lowercase) is verified, if any (a partial unique index keeps it one). */
export function findVerifiedByEmail(db: Db, email: string): Promise<CustomerRow | undefined> {
  return db
    .selectFrom('customers')
    .selectAll()
    .where('email', '=', email)
    .where('email_verified', '=', 1)
    .executeTakeFirst();
}

/** When the identity's customer was erased, if it was (migration 016). */
export function findErasedIdentity(db: Db, issuer: string, subject: string) {
  return db
    .selectFrom('erased_identities')
    .select('erased_at')
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export function findByEmail(db: Db, email: string): Promise<CustomerRow[]> {
  return db.selectFrom('customers').selectAll().where('email', '=', email).execute();
}

export function findCustomer(db: Db, id: string): Promise<CustomerRow | undefined> {
  return db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The customer's identities, oldest first: the first one's subject is the customer's user id. */
export async function subjectsOf(db: Db, customerId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('customer_identities')
    .select('subject')
    .where('customer_id', '=', customerId)
    .orderBy('created_at')
    .orderBy('issuer')
    .orderBy('subject')
    .execute();
  return rows.map((r) => r.subject);
}

export interface NewIdentity {
  issuer: string;
  subject: string;
  connection: string;
}

/**
 * A new customer with its first identity, in one transaction: when another request linked the same
 * identity (or took the verified email) first, the unique key throws and nothing is left behind.
 */
export async function insertCustomerWithIdentity(
  db: Db,
  customer: Insertable<CustomersTable>,
  identity: NewIdentity,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('customers').values(customer).execute();
    await trx
      .insertInto('customer_identities')
      .values({ ...identity, customer_id: customer.id, created_at: customer.created_at })
      .execute();
  });
}

/** Links an identity to an existing customer; throws on a unique violation (linked meanwhile). */
export async function insertIdentity(
  db: Db,
  customerId: string,
  identity: NewIdentity,
  now: string,
): Promise<void> {
  await db
    .insertInto('customer_identities')
    .values({ ...identity, customer_id: customerId, created_at: now })
    .execute();
}

export async function moveIdentity(
  db: Db,
  issuer: string,
  subject: string,
  customerId: string,
): Promise<void> {
  await db
    .updateTable('customer_identities')
    .set({ customer_id: customerId })
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .execute();
}

export async function updateCustomer(
  db: Db,
  id: string,
  changes: Partial<
    Pick<CustomerRow, 'email' | 'email_verified' | 'name' | 'roles' | 'revoked_roles'>
  >,
  now: string,
): Promise<void> {
  await db
    .updateTable('customers')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .execute();
}
