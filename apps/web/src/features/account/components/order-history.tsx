import { Link } from 'react-router';
import { paths } from '@/shared/paths.ts';
import { useOrders } from '../api/get-orders.ts';
import { OrderRow } from './order-row.tsx';
import './order-history.css';

/**
 * Spec 2, Account: the customer's orders, newest first, a page at a time ('Show more orders'); 'No
 * Orders Yet' with Browse Designs when there are none.
 */
export function OrderHistory({ userId }: { userId: string }) {
  const history = useOrders(userId);
  const orders = history.data?.pages.flatMap((page) => page.orders) ?? [];

  let content;
  if (history.isPending) {
    content = (
      <p className="order-history__note" role="status">
        Loading your orders…
      </p>
    );
  } else if (history.isError && !history.data) {
    content = (
      <div className="order-history__problem">
        <div role="alert">
          <p>We could not load your orders.</p>
          <p className="order-history__note">{history.error.message}</p>
        </div>
        <button
          type="button"
          className="btn btn--outline"
          onClick={() => void history.refetch()}
          disabled={history.isFetching}
        >
          {history.isFetching ? 'Trying again…' : 'Try again'}
        </button>
      </div>
    );
  } else if (orders.length === 0) {
    content = (
      <div className="order-history__empty">
        <h3>No Orders Yet</h3>
        <Link to={paths.designs.href()} className="btn btn--primary">
          Browse Designs
        </Link>
      </div>
    );
  } else {
    content = (
      <>
        <div className="order-list__head" aria-hidden="true">
          <div className="order-row__facts">
            <span>Order #</span>
            <span>Status</span>
            <span>Date</span>
          </div>
        </div>
        <ul className="order-list">
          {orders.map((order) => (
            <OrderRow key={order.orderNumber} order={order} userId={userId} />
          ))}
        </ul>
        {history.isFetchNextPageError ? (
          <p className="order-history__more-error" role="alert">
            We could not load more orders. {history.error?.message}
          </p>
        ) : null}
        {history.hasNextPage ? (
          <div className="order-history__more">
            <button
              type="button"
              className="btn btn--outline"
              onClick={() => void history.fetchNextPage({ cancelRefetch: false })}
              disabled={history.isFetchingNextPage}
              aria-busy={history.isFetchingNextPage}
            >
              {history.isFetchingNextPage ? 'Loading more orders…' : 'Show more orders'}
            </button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section className="order-history" aria-labelledby="order-history-heading">
      <h2 id="order-history-heading" className="order-history__title">
        Order History
      </h2>
      {content}
    </section>
  );
}
