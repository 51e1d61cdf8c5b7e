/**
 * Customers in the console (issue 15, item 6): the search and one customer's page, built from the
 * records customer-footprint.ts says are theirs.
 */
import type {
  CustomerDetail,
  CustomerList,
  CustomerSummary,
} from '@sunward/core/console-customers';
import type { Db } from '../../db/database.ts';
import { decodeCursor, nextCursor } from '../../lib/keyset.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { emailsTo } from './customer-data.repository.ts';
import { loadFootprint } from './customer-footprint.ts';
import { ADMIN_ROLE, rolesOf } from './customers.service.ts';
import { listCustomers as listRows } from './admin-customers.repository.ts';
import type { CustomerRow } from './customers.table.ts';

/** The customer page shows this many of their emails (the outbox has them all). */
const EMAILS_SHOWN = 50;

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
  customerId: string,
): Promise<Result<CustomerDetail, CustomerNotFound>> {
  const footprint = await loadFootprint(db, customerId);
  if (!footprint) return customerNotFound();
  const { customer, orders } = footprint;
  const emails = await emailsTo(db, footprint.addresses);
  const account = footprint.accounts[0];
  return ok({
    customer: { ...summaryOf(customer, orders.length), updatedAt: customer.updated_at },
    identities: footprint.identities.map((i) => ({
      issuer: i.issuer,
      subject: i.subject,
      connection: i.connection,
      createdAt: i.created_at,
    })),
    account: account
      ? {
          email: account.email,
          name: account.name,
          emailVerified: account.email_verified === 1,
          createdAt: account.created_at,
        }
      : null,
    orders: orders.map((o) => ({
      orderNumber: o.order_number,
      status: o.status,
      total: o.total,
      amountRefunded: o.amount_refunded,
      createdAt: o.created_at,
    })),
    supportMessages: footprint.supportRequests.map((s) => ({
      id: s.id,
      status: s.status,
      createdAt: s.created_at,
      excerpt: s.message.slice(0, 200),
      orderNumber: s.order_number,
    })),
    dataRequests: footprint.dataRequests.map((d) => ({
      id: d.id,
      status: d.status,
      receivedAt: d.received_at,
      dueBy: d.due_by,
    })),
    emails: emails.slice(0, EMAILS_SHOWN).map((e) => ({
      id: e.id,
      kind: e.kind,
      subject: e.subject,
      status: e.status,
      createdAt: e.created_at,
    })),
  });
}
