/**
 * Customers in the console (issue 15, item 6): the search and one customer's page, built from the
 * records the personal-data registry's parts find (lib/personal-data.ts), each part writing its own
 * sections of the page.
 */
import type {
  CustomerDetail,
  CustomerList,
  CustomerSummary,
} from '@sunward/core/console-customers';
import type { Db } from '../../db/database.ts';
import { decodeCursor, nextCursor } from '../../lib/keyset.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import type { PersonalData } from '../../lib/personal-data.ts';
import { customersPersonalData } from './customer-personal-data.ts';
import { ADMIN_ROLE, rolesOf } from './customers.service.ts';
import { listCustomers as listRows } from './admin-customers.repository.ts';
import type { CustomerRow } from './customers.table.ts';

function summaryOf(
  row: Pick<
    CustomerRow,
    'id' | 'email' | 'name' | 'email_verified' | 'roles' | 'created_at' | 'erased_at'
  >,
  orderCount: number,
): CustomerSummary {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    emailVerified: row.email_verified === 1,
    operator: rolesOf(row).includes(ADMIN_ROLE),
    createdAt: row.created_at,
    erasedAt: row.erased_at,
    orderCount,
  };
}

export async function listCustomers(
  db: Db,
  query: { q?: string; after?: string; limit: number },
): Promise<CustomerList> {
  const rows = await listRows(db, {
    q: query.q?.trim() || undefined,
    after: decodeCursor(query.after),
    limit: query.limit,
  });
  return {
    customers: rows.map((row) => summaryOf(row, Number(row.order_count ?? 0))),
    next: nextCursor(rows, query.limit, (row) => ({ at: row.created_at, id: row.id })),
  };
}

export type CustomerNotFound = Failure<'not_found'>;
export const customerNotFound = (): CustomerNotFound =>
  fail('not_found', 'We could not find this customer.');

export async function customerDetail(
  db: Db,
  personalData: PersonalData,
  customerId: string,
): Promise<Result<CustomerDetail, CustomerNotFound>> {
  const located = await personalData.locate(db, customerId);
  const { customer, identities } = located.of(customersPersonalData);
  if (!customer) return customerNotFound();
  return ok({
    customer: {
      ...summaryOf(customer, located.person.orders.length),
      updatedAt: customer.updated_at,
    },
    identities: identities.map((i) => ({
      issuer: i.issuer,
      subject: i.subject,
      connection: i.connection,
      createdAt: i.created_at,
    })),
    account: null,
    orders: [],
    supportMessages: [],
    dataRequests: [],
    reminderConsents: [],
    unsubscribes: [],
    reviews: [],
    emails: [],
    ...personalData.detail(located),
  });
}
