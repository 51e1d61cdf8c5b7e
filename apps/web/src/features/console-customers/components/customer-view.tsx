import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { CustomerDetail } from '@sunward/core/console-customers';
import { designTitle } from '@sunward/core/designs';
import { starsLabel } from '@sunward/core/reviews';
import { ConsoleError } from '@/shared/console/console-error.tsx';
import { DateTime, Money, formatCalendarDay } from '@/shared/console/console-format.tsx';
import { DataTable, type Column } from '@/shared/console/data-table.tsx';
import { StatusBadge } from '@/shared/console/status-badge.tsx';
import { paths } from '@/shared/paths.ts';
import { useCustomer } from '../api/get-customer.ts';
import { useGuest } from '../api/get-guest.ts';
import { CustomerDataActions } from './customer-data-actions.tsx';
import './customers.css';

type Order = CustomerDetail['orders'][number];
type Email = CustomerDetail['emails'][number];

const ORDER_COLUMNS: Column<Order>[] = [
  { key: 'number', header: 'Order', cell: (o) => o.orderNumber },
  { key: 'placed', header: 'Placed', cell: (o) => <DateTime value={o.createdAt} dateOnly /> },
  { key: 'status', header: 'Status', cell: (o) => <StatusBadge kind="order" status={o.status} /> },
  { key: 'total', header: 'Total', cell: (o) => <Money cents={o.total} />, align: 'end' },
  {
    key: 'refunded',
    header: 'Refunded',
    cell: (o) => (o.amountRefunded ? <Money cents={o.amountRefunded} /> : '—'),
    align: 'end',
  },
];

const EMAIL_COLUMNS: Column<Email>[] = [
  { key: 'subject', header: 'Subject', cell: (e) => e.subject },
  { key: 'kind', header: 'Kind', cell: (e) => e.kind },
  { key: 'when', header: 'Queued', cell: (e) => <DateTime value={e.createdAt} /> },
  { key: 'status', header: 'Status', cell: (e) => <StatusBadge kind="email" status={e.status} /> },
];

/** The customer's export and erase buttons, once their page has loaded (the page's actions). */
export function CustomerPageActions({ id }: { id: string }) {
  const { data } = useCustomer(id);
  if (!data || data.customer.erasedAt) return null;
  return <CustomerDataActions customer={data.customer} />;
}

const ROLES = { customer: 'Customer', guest: 'Guest buyer (no account)', 'erased-guest': 'Guest' };

function Record({ detail }: { detail: CustomerDetail }) {
  const { customer, account } = detail;
  return (
    <section className="customers-card" aria-labelledby="customer-record">
      <h2 id="customer-record" className="customers-card__title">
        Record
      </h2>
      {customer.erasedAt ? (
        <p className="customers-erased">
          {customer.kind === 'erased-guest' ? 'Guest buyer: personal data' : 'Personal data'} erased{' '}
          <DateTime value={customer.erasedAt} />. Their orders stay below for the financial records.
        </p>
      ) : null}
      {customer.kind === 'guest' ? (
        <p className="customers-muted">
          Bought without an account: everything below is found by the email of their orders. To
          export or erase it, use a data request whose email the requester proved (Inbox, Data
          requests).
        </p>
      ) : null}
      <dl className="customers-facts">
        <dt>Name</dt>
        <dd>{customer.name || '—'}</dd>
        <dt>Email</dt>
        <dd>
          {customer.email || '—'}{' '}
          {customer.email && customer.kind === 'customer'
            ? customer.emailVerified
              ? '(verified)'
              : '(not verified)'
            : null}
        </dd>
        <dt>{customer.kind === 'guest' ? 'First order id' : 'Customer id'}</dt>
        <dd>{customer.id}</dd>
        <dt>Since</dt>
        <dd>
          <DateTime value={customer.createdAt} />
        </dd>
        <dt>Role</dt>
        <dd>{customer.operator ? 'Operator' : ROLES[customer.kind]}</dd>
        <dt>Sign-in</dt>
        <dd>
          {detail.identities.length === 0
            ? 'None'
            : detail.identities.map((i) => `${i.connection} at ${i.issuer}`).join('; ')}
        </dd>
        <dt>Shop account</dt>
        <dd>
          {account
            ? `${account.email}, ${account.emailVerified ? 'verified' : 'not verified'}, created ${formatCalendarDay(account.createdAt.slice(0, 10))}`
            : 'None'}
        </dd>
      </dl>
    </section>
  );
}

const SOURCES: Record<string, string> = {
  checkout: 'the box at checkout',
  'one-click': 'the email’s unsubscribe (one click)',
  page: 'the unsubscribe page',
};
const sourceOf = (source: string | null) => (source ? (SOURCES[source] ?? source) : '—');

/**
 * What they agreed to be sent and what they stopped (decision 044): each consent to the bag reminder,
 * given by the box at checkout, and each address unsubscribed from marketing emails.
 */
function MarketingConsent({ detail }: { detail: CustomerDetail }) {
  const { reminderConsents, unsubscribes } = detail;
  return (
    <section className="customers-card" aria-labelledby="customer-marketing">
      <h2 id="customer-marketing" className="customers-card__title">
        Marketing emails
      </h2>
      {reminderConsents.length + unsubscribes.length === 0 ? (
        <p className="customers-muted">
          No consent given and no unsubscribe: they are sent no marketing emails.
        </p>
      ) : (
        <ul>
          {reminderConsents.map((c) => (
            <li key={`consent-${c.consentedAt}-${c.email}`}>
              Agreed to a bag reminder at {c.email}, <DateTime value={c.consentedAt} />, by{' '}
              {sourceOf(c.source)}
              {c.remindedAt ? (
                <>
                  ; reminded <DateTime value={c.remindedAt} />
                </>
              ) : (
                '; not reminded'
              )}
            </li>
          ))}
          {unsubscribes.map((u) => (
            <li key={`unsubscribe-${u.email}`}>
              Unsubscribed {u.email} from marketing emails, <DateTime value={u.unsubscribedAt} />,
              by {sourceOf(u.source)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const STARS = (n: number) => `${'★'.repeat(n)}${'☆'.repeat(5 - n)}`;

/** Their reviews of the shop's designs, each with its stars and where moderation has it. */
function Reviews({ detail }: { detail: CustomerDetail }) {
  return (
    <section className="customers-card" aria-labelledby="customer-reviews">
      <h2 id="customer-reviews" className="customers-card__title">
        Reviews ({detail.reviews.length})
      </h2>
      {detail.reviews.length === 0 ? (
        <p className="customers-muted">None.</p>
      ) : (
        <ul>
          {detail.reviews.map((r) => (
            <li key={r.id}>
              <Link to={paths.consoleReviews.href()}>{designTitle(r.design)}</Link>,{' '}
              <span aria-label={starsLabel(r.stars)}>{STARS(r.stars)}</span>
              {r.title ? `, “${r.title}”` : ''} ({r.status},{' '}
              <DateTime value={r.createdAt} dateOnly />)
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One customer: the record, their orders (each opening the order), messages, requests and emails. */
export function CustomerView({ id }: { id: string }) {
  return <PersonView query={useCustomer(id)} who="customer" />;
}

/** A guest buyer (decision 053), by one of their orders: what the shop holds under the email. */
export function GuestView({ orderId }: { orderId: string }) {
  return <PersonView query={useGuest(orderId)} who="guest" />;
}

function PersonView({
  query,
  who,
}: {
  query: UseQueryResult<CustomerDetail>;
  who: 'customer' | 'guest';
}) {
  if (query.isError) {
    return (
      <ConsoleError
        error={query.error}
        title={`This ${who} could not be loaded.`}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const detail = query.data;
  if (!detail) return <p className="customers-muted">Loading the {who}…</p>;
  return (
    <div className="customers-section">
      <Record detail={detail} />
      <section className="customers-section" aria-labelledby="customer-orders">
        <h2 id="customer-orders" className="customers-card__title">
          Orders ({detail.orders.length})
        </h2>
        <DataTable
          caption="Orders"
          columns={ORDER_COLUMNS}
          rows={detail.orders}
          rowKey={(o) => o.orderNumber}
          rowLink={{
            column: 'number',
            href: (o) => paths.consoleOrder.href({ orderNumber: o.orderNumber }),
          }}
          empty="No orders."
        />
      </section>
      <section className="customers-card" aria-labelledby="customer-messages">
        <h2 id="customer-messages" className="customers-card__title">
          Support messages and data requests
        </h2>
        {detail.supportMessages.length + detail.dataRequests.length === 0 ? (
          <p className="customers-muted">None.</p>
        ) : (
          <ul>
            {detail.supportMessages.map((m) => (
              <li key={m.id}>
                <Link to={paths.consoleSupportMessage.href({ id: m.id })}>
                  Support message, <DateTime value={m.createdAt} dateOnly />
                </Link>{' '}
                ({m.status}){m.excerpt ? `: ${m.excerpt}` : ''}
              </li>
            ))}
            {detail.dataRequests.map((r) => (
              <li key={r.id}>
                <Link to={paths.consoleDataRequest.href({ id: r.id })}>
                  Data request, <DateTime value={r.receivedAt} dateOnly />
                </Link>{' '}
                ({r.status}, due by {formatCalendarDay(r.dueBy)},{' '}
                {r.emailProvenAt ? 'email proven' : 'email not proven'})
              </li>
            ))}
          </ul>
        )}
      </section>
      <MarketingConsent detail={detail} />
      <Reviews detail={detail} />
      <section className="customers-section" aria-labelledby="customer-emails">
        <h2 id="customer-emails" className="customers-card__title">
          Emails sent to them
        </h2>
        <DataTable
          caption="Emails sent to them"
          columns={EMAIL_COLUMNS}
          rows={detail.emails}
          rowKey={(e) => e.id}
          rowLink={{
            column: 'subject',
            href: (e) => `${paths.consoleOutbox.href()}?email=${encodeURIComponent(e.id)}`,
          }}
          empty={
            detail.customer.erasedAt
              ? 'None to show: the addresses of the emails sent to them were erased.'
              : 'No emails.'
          }
        />
      </section>
    </div>
  );
}
