/**
 * Which records are a customer's (issue 15, item 6), for the console's customer page, the export and
 * the erasure alike:
 * - linked to them: their identities, their orders placed signed in, their bag, checkouts, support
 *   messages and data requests sent signed in;
 * - their built-in account: the one whose id is an identity's subject (the provider's `sub`);
 * - found by email only where they proved the address (verified at their issuer or account): guest
 *   orders and checkouts, support messages and data requests with that address. An unverified address
 *   may be anyone's (anyone can type one at sign-up), and exporting or erasing a stranger's records
 *   would be a breach of its own;
 * - the emails sent to their verified addresses, their account's address and the addresses of their
 *   own orders, and support messages about their orders.
 */
import type { Db } from '../../db/database.ts';
import type { CustomerRow } from './customers.table.ts';
import * as data from './customer-data.repository.ts';
import { findCustomer } from './customers.repository.ts';

type Rows<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

export interface Footprint {
  customer: CustomerRow;
  identities: Rows<typeof data.identitiesOf>;
  accounts: Rows<typeof data.accountsOf>;
  /** Lowercase addresses the customer proved: guest records are found by these. */
  verifiedEmails: string[];
  /** Lowercase addresses of theirs that the shop wrote to. */
  addresses: string[];
  orders: Rows<typeof data.ordersOf>;
  checkouts: Rows<typeof data.checkoutsOf>;
  supportRequests: Rows<typeof data.supportRequestsOf>;
  dataRequests: Rows<typeof data.dataRequestsOf>;
}

const lower = (email: string | null | undefined) => (email ?? '').trim().toLowerCase();
const distinct = (values: string[]) => [...new Set(values.filter((v) => v !== ''))];

export async function loadFootprint(db: Db, customerId: string): Promise<Footprint | undefined> {
  const customer = await findCustomer(db, customerId);
  if (!customer) return undefined;
  const identities = await data.identitiesOf(db, customerId);
  const customerVerified = customer.email_verified === 1 ? [lower(customer.email)] : [];
  const accounts = await data.accountsOf(
    db,
    identities.map((i) => i.subject),
    distinct(customerVerified),
  );
  const verifiedEmails = distinct([
    ...customerVerified,
    ...accounts.filter((a) => a.email_verified === 1).map((a) => lower(a.email)),
  ]);
  const orders = await data.ordersOf(db, customerId, verifiedEmails);
  const addresses = distinct([
    ...verifiedEmails,
    ...accounts.map((a) => lower(a.email)),
    ...orders.filter((o) => o.customer_id === customerId).map((o) => lower(o.email)),
  ]);
  const intentIds = orders.flatMap((o) => (o.payment_intent_id ? [o.payment_intent_id] : []));
  const [checkouts, supportRequests, dataRequests] = await Promise.all([
    data.checkoutsOf(db, customerId, intentIds, verifiedEmails),
    data.supportRequestsOf(
      db,
      customerId,
      addresses,
      orders.map((o) => o.order_number),
    ),
    data.dataRequestsOf(db, customerId, addresses),
  ]);
  return {
    customer,
    identities,
    accounts,
    verifiedEmails,
    addresses,
    orders,
    checkouts,
    supportRequests,
    dataRequests,
  };
}
