import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { trackingUrl, CARRIER_NAMES, isCarrier } from '@sunward/core/carriers';
import type { ConsoleOrderDetail } from '@sunward/core/console-orders';
import { ConsoleError } from '@/shared/console/console-error.tsx';
import { DateTime } from '@/shared/console/console-format.tsx';
import { ConsolePage } from '@/shared/console/console-page.tsx';
import { StatusBadge } from '@/shared/console/status-badge.tsx';
import { OrderFigures, orderAmounts } from '@/shared/orders/order-figures.tsx';
import { ParcelTracking } from '@/shared/orders/parcel-tracking.tsx';
import { PostalAddress } from '@/shared/orders/postal-address.tsx';
import { paths } from '@/shared/paths.ts';
import { useOrder } from '../api/get-order.ts';
import { OrderActions } from './order-actions.tsx';
import { OrderEmails } from './order-emails.tsx';
import { OrderItems } from './order-items.tsx';
import { OrderLabelPanel } from './order-label.tsx';
import { OrderPayment } from './order-payment.tsx';
import { OrderTimeline } from './order-timeline.tsx';
import { RefundDialog } from './refund-dialog.tsx';
import './console-orders.css';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `order-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section className="order-section" aria-labelledby={id}>
      <h2 id={id} className="order-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * /admin/orders/:orderNumber: the order's statuses and what can be done now, its items, addresses,
 * payment and refunds, returns, the emails sent for it, and its timeline with the operators' notes.
 */
export function OrderDetail({ orderNumber }: { orderNumber: string }) {
  const query = useOrder(orderNumber);
  const [refunding, setRefunding] = useState(false);
  const back = { to: paths.consoleOrders.href(), label: 'Orders' };
  if (!query.data) {
    return (
      <ConsolePage title={`Order ${orderNumber}`} back={back}>
        {query.isError ? (
          <ConsoleError
            title="This order could not be loaded."
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <div className="page-loading" role="status" aria-label="Loading the order" />
        )}
      </ConsolePage>
    );
  }
  const detail = query.data;
  const { order } = detail;
  const actions = (
    <>
      <Link
        to={paths.consolePackingSlip.href({ orderNumber: order.orderNumber })}
        className="btn btn--outline btn--small"
      >
        Print packing slip
      </Link>
      <button
        type="button"
        className="btn btn--outline btn--small"
        onClick={() => setRefunding(true)}
        disabled={detail.payment.left === 0}
      >
        Refund
      </button>
    </>
  );
  return (
    <ConsolePage title={`Order ${order.orderNumber}`} back={back} actions={actions}>
      <OrderFacts detail={detail} />
      <Section title="Actions">
        <OrderActions detail={detail} />
      </Section>
      <Section title="Shipping label">
        <OrderLabelPanel orderNumber={order.orderNumber} />
      </Section>
      <div className="order-detail__columns">
        <Section title="Items">
          <OrderItems lines={detail.lines} />
          <OrderFigures {...orderAmounts(order)} />
        </Section>
        <Section title="Addresses">
          <div className="order-detail__addresses">
            <div>
              <h3 className="console-orders__subhead">Ship to</h3>
              <PostalAddress name={order.shipping.name} address={order.shipping.address} />
              <p className="console-orders__muted">
                {order.shippingOption === 'priority' ? 'Priority' : 'Ground'} shipping
              </p>
            </div>
            <div>
              <h3 className="console-orders__subhead">Billing</h3>
              <PostalAddress name={order.billing.name} address={order.billing.address} />
              <p className="console-orders__muted">
                {order.billing.email}
                {order.billing.phone ? `, ${order.billing.phone}` : ''}
              </p>
            </div>
          </div>
        </Section>
      </div>
      {order.tracking ? (
        <Section title="Shipment">
          <ParcelTracking order={order} headingClassName="console-orders__subhead" />
        </Section>
      ) : null}
      <Section title="Payment">
        <OrderPayment detail={detail} />
      </Section>
      {detail.returns.length ? (
        <Section title="Returns">
          <ul className="console-orders__entries">
            {detail.returns.map((r) => (
              <li key={r.id}>
                <p>
                  Return {r.seq} <StatusBadge kind="return" status={r.status} />{' '}
                  <DateTime value={r.createdAt} />
                </p>
                {r.exchangeOrderNumber ? (
                  <p>
                    Exchange:{' '}
                    <Link to={paths.consoleOrder.href({ orderNumber: r.exchangeOrderNumber })}>
                      order {r.exchangeOrderNumber}
                    </Link>
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <Section title="Emails sent">
        <OrderEmails emails={detail.emails} />
      </Section>
      <Section title="Timeline">
        <OrderTimeline detail={detail} />
      </Section>
      <RefundDialog detail={detail} open={refunding} onClose={() => setRefunding(false)} />
    </ConsolePage>
  );
}

/** The order at a glance: statuses side by side, when, who, and the tracking. */
function OrderFacts({ detail }: { detail: ConsoleOrderDetail }) {
  const { order } = detail;
  const latestReturn = detail.returns.at(-1);
  return (
    <dl className="console-orders__facts order-detail__facts">
      <div>
        <dt>Fulfilment</dt>
        <dd>
          <StatusBadge kind="order" status={order.status} />
        </dd>
      </div>
      <div>
        <dt>Payment</dt>
        <dd>
          <StatusBadge kind="payment" status={detail.paymentStatus} />
        </dd>
      </div>
      {latestReturn ? (
        <div>
          <dt>Return</dt>
          <dd>
            <StatusBadge kind="return" status={latestReturn.status} />
          </dd>
        </div>
      ) : null}
      <div>
        <dt>Placed</dt>
        <dd>
          <DateTime value={order.createdAt} />
        </dd>
      </div>
      <div>
        <dt>Customer</dt>
        <dd>{order.billing.email}</dd>
      </div>
      {order.tracking ? (
        <div>
          <dt>Tracking</dt>
          <dd>
            <a href={trackingUrl(order.carrier, order.tracking)} target="_blank" rel="noreferrer">
              {order.carrier && isCarrier(order.carrier) ? CARRIER_NAMES[order.carrier] : 'USPS'}{' '}
              {order.tracking}
            </a>
          </dd>
        </div>
      ) : null}
      {detail.replacementFor ? (
        <div>
          <dt>Exchange for</dt>
          <dd>
            <Link to={paths.consoleOrder.href({ orderNumber: detail.replacementFor })}>
              order {detail.replacementFor}
            </Link>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
