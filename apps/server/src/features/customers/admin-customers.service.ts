/**
 * Customers in the console (issue 15, item 6): the search and one customer's page, built from the
 * records the personal-data registry's parts find (lib/personal-data.ts), each part writing its own
 * sections of the page. Guest buyers (issue 30, decision 053) are in the search with the customers;
 * a guest's page shows what the parts find by the guest's email.
 */
import type {
  CustomerDetail,
  CustomerKind,
  CustomerList,
  CustomerSummary,
} from '@sunward/core/console-customers';
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { decodeCursor, nextCursor } from '../../lib/keyset.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import type { Located, PersonalData } from '../../lib/personal-data.ts';
import { customersPersonalData } from './customer-personal-data.ts';
import { ADMIN_ROLE, rolesOf } from './customers.service.ts';
import {
  guestByEmail,
  guestEmailOf,
  listCustomers as listRows,
} from './admin-customers.repository.ts';
import type { CustomerRow } from './customers.table.ts';

type SummaryRow = Pick<
  CustomerRow,
  'id' | 'email' | 'name' | 'email_verified' | 'roles' | 'created_at' | 'erased_at'
>;

function summaryOf(row: SummaryRow, kind: CustomerKind, orderCount: number): CustomerSummary {
  return {
    id: row.id,
    kind,
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
    customers: rows.map((row) => summaryOf(row, row.kind, Number(row.order_count ?? 0))),
    next: nextCursor(rows, query.limit, (row) => ({ at: row.created_at, id: row.id })),
  };
}

export type CustomerNotFound = Failure<'not_found'>;
export const customerNotFound = (): CustomerNotFound =>
  fail('not_found', 'We could not find this customer.');

/** The page: the person's summary, then every part's sections. */
function detailOf(
  personalData: PersonalData,
  located: Located,
  head: Pick<CustomerDetail, 'customer' | 'identities'>,
): CustomerDetail {
  return {
    ...head,
    account: null,
    orders: [],
    supportMessages: [],
    dataRequests: [],
    reminderConsents: [],
    unsubscribes: [],
    reviews: [],
    emails: [],
    ...personalData.detail(located),
  };
}

export async function customerDetail(
  db: Db,
  personalData: PersonalData,
  customerId: string,
): Promise<Result<CustomerDetail, CustomerNotFound>> {
  const located = await personalData.locate(db, customerId);
  const { customer, identities } = located.of(customersPersonalData);
  if (!customer) return customerNotFound();
  const kind = customer.guest === 1 ? 'erased-guest' : 'customer';
  return ok(
    detailOf(personalData, located, {
      customer: {
        ...summaryOf(customer, kind, located.person.orders.length),
        updatedAt: customer.updated_at,
      },
      identities: identities.map((i) => ({
        issuer: i.issuer,
        subject: i.subject,
        connection: i.connection,
        createdAt: i.created_at,
      })),
    }),
  );
}

/**
 * A guest buyer's page, by the id of one of their orders (the list gives the first's): what every
 * part finds by the orders' email, as for a customer who verified it. An operator reads it; only a
 * proven data request exports or erases it.
 */
export async function guestDetail(
  db: Db,
  personalData: PersonalData,
  orderId: string,
): Promise<Result<CustomerDetail, CustomerNotFound>> {
  const email = await guestEmailOf(db, orderId);
  const guest = email && (await guestByEmail(db, email));
  if (!guest) return fail('not_found', 'We could not find this guest.');
  // An id that owns nothing: a guest has no customer record.
  const located = await personalData.locate(db, newId('cus'), email);
  return ok(
    detailOf(personalData, located, {
      customer: {
        ...summaryOf(
          {
            id: guest.id,
            email,
            name: guest.name,
            email_verified: 0,
            roles: '[]',
            created_at: guest.firstAt,
            erased_at: null,
          },
          'guest',
          guest.orderCount,
        ),
        updatedAt: guest.lastAt,
      },
      identities: [],
    }),
  );
}
