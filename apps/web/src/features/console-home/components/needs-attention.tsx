import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { sizeLabel } from '@sunward/core/sizes';
import { DateTime, Money } from '@/shared/console/console-format.tsx';
import { StatusBadge } from '@/shared/console/status-badge.tsx';
import { paths } from '@/shared/paths.ts';
import type { NeedsAttention as Queues } from '@sunward/core/console-dashboard';
import { formatAge, formatDue, plural } from './attention-format.ts';

/** One queue: its count as a link to where the work is done, what it holds, and its first few. */
function Queue({
  title,
  to,
  note,
  children,
}: {
  title: string;
  to: string;
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="attention__queue">
      <h3 className="attention__title">
        <Link to={to}>{title}</Link>
      </h3>
      {note ? <p className="attention__note">{note}</p> : null}
      <ul className="attention__items">{children}</ul>
    </li>
  );
}

/**
 * The top of the console's home: the work waiting for an operator, each queue a link to its list,
 * each of its first few items to the item where there is one. "All clear" only when nothing waits.
 */
export function NeedsAttention({ queues }: { queues: Queues }) {
  const {
    toShip,
    failedEmails,
    openReturns,
    dataRequests,
    paymentsToCheck,
    paymentPage,
    outOfStock,
  } = queues;
  const total =
    toShip.count +
    failedEmails.count +
    openReturns.count +
    dataRequests.count +
    paymentsToCheck.count +
    paymentPage.count +
    outOfStock.count;
  return (
    <section className="attention" aria-labelledby="attention-title">
      <h2 id="attention-title" className="console-home__heading">
        Needs attention
      </h2>
      {total === 0 ? (
        <p className="attention__clear">All clear: nothing is waiting for you.</p>
      ) : (
        <ul className="attention__queues">
          {toShip.count > 0 ? (
            <Queue
              title={`${plural(toShip.count, 'order')} to ship`}
              to={`${paths.consoleOrders.href()}?status=pending`}
              note={
                <>
                  <Link to={`${paths.consoleOrders.href()}?status=pending`}>
                    {toShip.pending} pending
                  </Link>
                  {', '}
                  <Link to={`${paths.consoleOrders.href()}?status=in-progress`}>
                    {toShip.inProgress} in progress
                  </Link>
                  ; the oldest first
                </>
              }
            >
              {toShip.items.map((order) => (
                <li key={order.orderNumber} className="attention__item">
                  <Link to={paths.consoleOrder.href({ orderNumber: order.orderNumber })}>
                    {order.orderNumber}
                  </Link>
                  <StatusBadge kind="order" status={order.status} />
                  <span>{order.name}</span>
                  <Money cents={order.total} />
                  <span className="attention__meta">waiting {formatAge(order.ageHours)}</span>
                </li>
              ))}
            </Queue>
          ) : null}
          {failedEmails.count > 0 ? (
            <Queue
              title={`${plural(failedEmails.count, 'email')} failed to send`}
              to={`${paths.consoleOutbox.href()}?status=failed`}
            >
              {failedEmails.items.map((email) => (
                <li key={email.id} className="attention__item">
                  <span>{email.subject}</span>
                  <span className="attention__meta">
                    to {email.to}, <DateTime value={email.createdAt} />
                  </span>
                  {email.lastError ? (
                    <span className="attention__meta">{email.lastError}</span>
                  ) : null}
                </li>
              ))}
            </Queue>
          ) : null}
          {openReturns.count > 0 ? (
            <Queue
              title={`${plural(openReturns.count, 'return')} open`}
              to={paths.consoleReturns.href()}
            >
              {openReturns.items.map((item) => (
                <li key={item.id} className="attention__item">
                  <span>
                    Order{' '}
                    <Link to={paths.consoleOrder.href({ orderNumber: item.orderNumber })}>
                      {item.orderNumber}
                    </Link>
                  </span>
                  <StatusBadge kind="return" status={item.status} />
                  <span className="attention__meta">
                    since <DateTime value={item.createdAt} dateOnly />
                  </span>
                </li>
              ))}
            </Queue>
          ) : null}
          {dataRequests.count > 0 ? (
            <Queue
              title={`${plural(dataRequests.count, 'data request')} due within 10 days`}
              to={paths.consoleInbox.href()}
              note={dataRequests.overdue > 0 ? `${dataRequests.overdue} overdue` : undefined}
            >
              {dataRequests.items.map((item) => (
                <li key={item.id} className="attention__item">
                  <Link to={paths.consoleDataRequest.href({ id: item.id })}>{item.email}</Link>
                  <span className={item.daysLeft < 0 ? 'attention__late' : 'attention__meta'}>
                    {formatDue(item.dueBy, item.daysLeft)}
                  </span>
                </li>
              ))}
            </Queue>
          ) : null}
          {paymentsToCheck.count > 0 ? (
            <Queue
              title={`${plural(paymentsToCheck.count, 'payment')} to check`}
              to={paths.consoleReconciliation.href()}
              note="Reconciliation found these differ from the card processor's records"
            >
              {paymentsToCheck.items.map((finding) => (
                <li key={finding.id} className="attention__item">
                  {finding.orderNumber ? (
                    <Link to={paths.consoleOrder.href({ orderNumber: finding.orderNumber })}>
                      {finding.orderNumber}
                    </Link>
                  ) : (
                    <span>{finding.paymentIntentId}</span>
                  )}
                  <span>{finding.detail}</span>
                </li>
              ))}
            </Queue>
          ) : null}
          {paymentPage.count > 0 ? (
            <Queue
              title={`${plural(paymentPage.count, 'change')} on the payment page`}
              to={paths.consolePaymentPage.href()}
              note="The checkout page differs from the build's script inventory: look now"
            >
              {paymentPage.items.map((alert) => (
                <li key={alert.id} className="attention__item">
                  <strong>{alert.subject}</strong>
                  <span>{alert.detail}</span>
                </li>
              ))}
            </Queue>
          ) : null}
          {outOfStock.count > 0 ? (
            <Queue
              title={`${plural(outOfStock.count, 'size')} out of stock`}
              to={paths.consoleCatalog.href()}
            >
              {outOfStock.items.map((size) => (
                <li key={`${size.productId}:${size.size}`} className="attention__item">
                  <span>
                    {size.productName}, {sizeLabel(size.size)}
                  </span>
                  <span className="attention__meta">
                    {size.outOfStock ? 'marked out of stock' : `${size.stock ?? 0} left`}
                  </span>
                </li>
              ))}
            </Queue>
          ) : null}
        </ul>
      )}
    </section>
  );
}
