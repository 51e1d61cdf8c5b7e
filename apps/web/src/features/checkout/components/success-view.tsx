import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '@/shared/paths.ts';
import { useConfiguration } from '@/shared/api/catalog/get-configuration.ts';
import { ApiError } from '@/shared/api/http.ts';
import { useAuthStore } from '@/shared/auth/auth-store.ts';
import { useBagStore } from '@/shared/bag/bag-store.ts';
import { toast } from '@/shared/toast/toast-store.ts';
import { useCreateOrder } from '../api/create-order.ts';
import {
  CUSTOMER_REFRESH_FAILED,
  useRefreshCustomer,
} from '@/shared/customers/refresh-customer.ts';
import { OrderReceipt } from './order-receipt.tsx';
import './success.css';

/**
 * Spec 2, /success?payment_intent=…&payment_intent_client_secret=…: the order for the paid intent
 * (POST /api/orders with the intent's client secret, once), the bag emptied once the order is
 * confirmed (a signed-in shopper's on the server, once it has loaded) and a signed-in shopper's customer
 * record refreshed; a friendly message when something is missing or fails.
 */
export function SuccessView({
  paymentIntentId,
  clientSecret,
  failed,
}: {
  paymentIntentId: string | null;
  /** The intent's client secret from the return URL: the server answers the order only with it. */
  clientSecret: string | null;
  /** The card provider reported the payment as not completed (e.g. a failed 3-D Secure challenge). */
  failed: boolean;
}) {
  const claim = paymentIntentId && clientSecret ? { paymentIntentId, clientSecret } : null;
  const order = useCreateOrder(failed ? null : claim);
  const clearBag = useBagStore((s) => s.clear);
  const reloadBag = useBagStore((s) => s.hydrate);
  const bagReady = useBagStore((s) => s.ready);
  const userId = useAuthStore((s) => (s.status === 'signedIn' ? (s.user?.sub ?? null) : null));
  const { supportEmail } = useConfiguration();
  const confirmed = order.data?.orderNumber;
  const errorMessage = order.error?.message;
  const customerError = useRefreshCustomer(userId, confirmed).error;

  // A guest's bag is emptied here. A signed-in shopper's loses what was bought on the server (the cart's
  // reaction to the order; a read settles it first, so the reload never shows the bought lines; lines
  // added meanwhile, e.g. in another tab, stay): it is read again.
  useEffect(() => {
    if (!confirmed || !bagReady) return;
    void (userId ? reloadBag() : clearBag());
  }, [confirmed, bagReady, userId, clearBag, reloadBag]);
  useEffect(() => {
    if (errorMessage) toast.error(errorMessage);
  }, [errorMessage]);
  useEffect(() => {
    if (!customerError) return;
    toast.error(
      customerError instanceof ApiError ? customerError.message : CUSTOMER_REFRESH_FAILED,
    );
  }, [customerError]);

  if (!claim || failed) {
    return (
      <div className="success container status-page">
        <h1>{failed ? 'Your Payment Was Not Completed' : 'Nothing To Show Here'}</h1>
        <p>
          {failed
            ? 'Your bank did not confirm the payment, so nothing was charged. Your bag is still here: you can try again.'
            : 'This page shows an order right after checkout. Your bag is still here if you want to check out.'}
        </p>
        <div className="status-page__actions">
          <Link to={failed ? paths.checkout.href() : paths.bag.href()} className="btn btn--primary">
            {failed ? 'Back to checkout' : 'Go to your bag'}
          </Link>
        </div>
      </div>
    );
  }

  if (order.isPending) {
    return (
      <div className="success container status-page" aria-busy="true">
        <h1>Confirming Your Order…</h1>
        <p>This takes a moment. Please keep this page open.</p>
      </div>
    );
  }

  if (order.error instanceof ApiError && order.error.code === 'refunded') {
    // The payment went through but could not become an order: the server refunded it (decision 009).
    return (
      <div className="success container status-page">
        <h1>Your Payment Was Refunded</h1>
        <p role="alert">{order.error.message}</p>
        <div className="status-page__actions">
          <Link to={paths.bag.href()} className="btn btn--primary">
            Go to your bag
          </Link>
        </div>
      </div>
    );
  }

  if (order.error) {
    return (
      <div className="success container status-page">
        <h1>We Could Not Show Your Order</h1>
        <p role="alert">{order.error.message}</p>
        <p>
          If you were charged, your order is safe: find it with{' '}
          <Link to={paths.orderLookup.href()}>Order Lookup</Link>, or write to us at{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      </div>
    );
  }

  return <OrderReceipt order={order.data} />;
}
