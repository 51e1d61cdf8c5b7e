import { Link } from 'react-router';
import type { ReturnDetail } from '@sunward/core/console-returns-schemas';
import { refundedUnitsTotal } from '@sunward/core/returns';
import { paths } from '@/shared/paths.ts';
import { ConsoleError } from '@/shared/console/console-error.tsx';
import { DateTime, Money } from '@/shared/console/console-format.tsx';
import { ConsolePage } from '@/shared/console/console-page.tsx';
import { StatusBadge } from '@/shared/console/status-badge.tsx';
import { useReturn } from '../api/get-return.ts';
import { ClosePanel } from './close-panel.tsx';
import { LabelPanel } from './label-panel.tsx';
import { RefundPanel } from './refund-panel.tsx';
import { ReturnTimeline } from './return-timeline.tsx';
import { ReturnUnits } from './return-units.tsx';
import './console-returns.css';

const back = { to: paths.consoleReturns.href(), label: 'Returns' };

function Summary({ detail }: { detail: ReturnDetail }) {
  const { order } = detail;
  return (
    <section className="console-returns__section console-returns__summary" aria-label="Summary">
      <dl className="console-returns__facts">
        <dt>Status</dt>
        <dd>
          <StatusBadge kind="return" status={detail.status} />
        </dd>
        <dt>Requested</dt>
        <dd>
          <DateTime value={detail.createdAt} />
        </dd>
        <dt>Customer</dt>
        <dd>
          {order.name || order.email}
          <span className="console-returns__sub">{order.email}</span>
        </dd>
        <dt>Order</dt>
        <dd>
          <Link to={paths.consoleOrder.href({ orderNumber: order.orderNumber })}>
            {order.orderNumber}
          </Link>{' '}
          <StatusBadge kind="order" status={order.status} />
          <span className="console-returns__sub">
            Paid <Money cents={order.total} />, refunded <Money cents={order.amountRefunded} />
          </span>
        </dd>
        {detail.receivedAt ? (
          <>
            <dt>Received</dt>
            <dd>
              <DateTime value={detail.receivedAt} />
            </dd>
          </>
        ) : null}
        {detail.refund ? (
          <>
            <dt>Refunded</dt>
            <dd>
              <DateTime value={detail.refund.at} />
              {detail.refund.reason ? (
                <span className="console-returns__sub">{detail.refund.reason}</span>
              ) : null}
            </dd>
          </>
        ) : null}
        {detail.closedAt ? (
          <>
            <dt>Closed</dt>
            <dd>
              <DateTime value={detail.closedAt} />
            </dd>
          </>
        ) : null}
      </dl>
      {/* Lines that add up to the refund amount (issue 23): the fee is deducted, shown negative. */}
      <dl className="console-returns__figures">
        <dt>Units refunded</dt>
        <dd>
          <Money cents={refundedUnitsTotal(detail.units)} />
        </dd>
        <dt>Sales tax refund</dt>
        <dd>
          <Money cents={detail.totalSalesTaxRefund} />
        </dd>
        <dt>Return shipping fee</dt>
        <dd>
          <Money cents={-detail.shippingFee} />
        </dd>
        <dt>Refund amount</dt>
        <dd className="console-returns__total">
          <Money cents={detail.refundAmount} />
        </dd>
        {detail.refund ? (
          <>
            <dt>Refunded</dt>
            <dd className="console-returns__total">
              <Money cents={detail.refund.amount} />
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

function ExchangePanel({ exchange }: { exchange: NonNullable<ReturnDetail['exchangeOrder']> }) {
  return (
    <section className="console-returns__section" aria-label="Exchange">
      <h2 className="console-returns__heading">Exchange</h2>
      <p className="console-returns__hint">
        The replacement is its own order: ship it from its page with its own tracking number.
      </p>
      <dl className="console-returns__facts">
        <dt>Replacement order</dt>
        <dd>
          <Link to={paths.consoleOrder.href({ orderNumber: exchange.orderNumber })}>
            {exchange.orderNumber}
          </Link>{' '}
          <StatusBadge kind="order" status={exchange.status} />
        </dd>
        <dt>Tracking</dt>
        <dd>
          {exchange.tracking && exchange.trackingUrl ? (
            <a href={exchange.trackingUrl} target="_blank" rel="noreferrer">
              {exchange.tracking}
            </a>
          ) : (
            'Not shipped yet'
          )}
        </dd>
      </dl>
    </section>
  );
}

/** One return's page (issue 15): what came back, and what the operator can do with it now. */
export function ReturnDetailView({ returnId }: { returnId: string }) {
  const query = useReturn(returnId);
  if (query.isPending) {
    return (
      <ConsolePage title="Return" back={back}>
        <p className="console-returns__loading" role="status">
          Loading the return…
        </p>
      </ConsolePage>
    );
  }
  if (query.isError) {
    return (
      <ConsolePage title="Return" back={back}>
        <ConsoleError
          error={query.error}
          title="This return could not be loaded."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </ConsolePage>
    );
  }
  const detail = query.data;
  const { actions } = detail;
  return (
    <ConsolePage title={`Return #${detail.seq} of order ${detail.order.orderNumber}`} back={back}>
      <div className="console-returns__layout">
        <div className="console-returns__main">
          <Summary detail={detail} />
          <ReturnUnits key={`units-${detail.status}`} detail={detail} />
          {actions.refund || actions.refundWithoutReceipt ? (
            <RefundPanel key={`refund-${detail.status}`} detail={detail} />
          ) : null}
          {actions.close ? <ClosePanel detail={detail} /> : null}
        </div>
        <div className="console-returns__side">
          <LabelPanel detail={detail} />
          {detail.exchangeOrder ? <ExchangePanel exchange={detail.exchangeOrder} /> : null}
          <ReturnTimeline timeline={detail.timeline} />
        </div>
      </div>
    </ConsolePage>
  );
}
