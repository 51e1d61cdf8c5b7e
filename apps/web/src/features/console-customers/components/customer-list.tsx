import type { CustomerSummary } from '@sunward/core/console-customers';
import { ConsoleError } from '@/shared/console/console-error.tsx';
import { DateTime } from '@/shared/console/console-format.tsx';
import { DataTable, type Column } from '@/shared/console/data-table.tsx';
import { FilterBar, useFilterValues } from '@/shared/console/filter-bar.tsx';
import { KeysetPager, useKeysetCursor } from '@/shared/console/keyset-pager.tsx';
import { paths } from '@/shared/paths.ts';
import { EmailAddress } from '@/shared/ui/email-address.tsx';
import { useCustomers } from '../api/get-customers.ts';
import './customers.css';

const standing = (c: CustomerSummary) => {
  if (c.kind === 'erased-guest') return 'Guest, erased';
  if (c.erasedAt) return 'Erased';
  if (c.kind === 'guest') return 'Guest (no account)';
  return [c.operator ? 'Operator' : null, c.emailVerified ? 'Verified' : 'Not verified']
    .filter(Boolean)
    .join(', ');
};

const nameOf = (c: CustomerSummary) => {
  if (c.kind === 'erased-guest') return 'Erased guest';
  if (c.erasedAt) return 'Erased customer';
  return c.name || c.email || c.id;
};

/** A guest's page is found by one of their orders (their `id`); anyone else's by the customer id. */
const personHref = (c: Pick<CustomerSummary, 'id' | 'kind'>) =>
  c.kind === 'guest'
    ? paths.consoleGuest.href({ orderId: c.id })
    : paths.consoleCustomer.href({ customerId: c.id });

const COLUMNS: Column<CustomerSummary>[] = [
  { key: 'name', header: 'Customer', cell: nameOf },
  {
    key: 'email',
    header: 'Email',
    cell: (c) => (c.email ? <EmailAddress email={c.email} /> : '—'),
  },
  { key: 'orders', header: 'Orders', cell: (c) => c.orderCount, align: 'end' },
  { key: 'since', header: 'Since', cell: (c) => <DateTime value={c.createdAt} dateOnly /> },
  { key: 'standing', header: 'Account', cell: standing },
];

/**
 * Customers and guest buyers (orders without an account, by email; decision 053) newest first; search
 * by email, name, customer id or a guest's order id; each row opens the customer or the guest.
 */
export function CustomerList() {
  const { q } = useFilterValues(['q']);
  const { cursor } = useKeysetCursor();
  const query = useCustomers({ q, after: cursor });
  return (
    <section aria-busy={query.isFetching} className="customers-section">
      <FilterBar
        label="Search customers"
        fields={[
          { type: 'search', name: 'q', label: 'Email, name, customer or order id', maxLength: 254 },
        ]}
      />
      {query.isError ? (
        <ConsoleError
          error={query.error}
          title="The customers could not be loaded."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data ? (
        <>
          <DataTable
            caption="Customers"
            columns={COLUMNS}
            rows={query.data.customers}
            rowKey={(c) => c.id}
            rowLink={{
              column: 'name',
              href: personHref,
            }}
            empty={q ? `No customer matches “${q}”.` : 'No customers yet.'}
          />
          <KeysetPager label="Customer pages" next={query.data.next} busy={query.isFetching} />
        </>
      ) : (
        <p className="customers-muted">Loading customers…</p>
      )}
    </section>
  );
}
