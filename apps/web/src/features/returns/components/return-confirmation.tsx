import { useEffect } from 'react';
import { Link } from 'react-router';
import { useAuthStore } from '@/shared/auth/auth-store.ts';
import { paths } from '@/shared/paths.ts';
import { toast } from '@/shared/toast/toast-store.ts';
import { useReloadedOrder } from '../api/reload-order.ts';
import type { ReturnState } from '../lib/return-state.ts';
import { RETURN_TEXTS } from '../lib/return-texts.ts';
import { ReturnHistory } from './return-history.tsx';
import './returns.css';
import '@/shared/ui/page-frame.css';

/**
 * Spec 2, Return Confirmation: reloads the order (a guest's by its number and email; a signed-in
 * shopper's came back from the return call), says what happens next, and lists each return with the
 * order's total refund and the free-return note. A failed reload is a toast with the server's message
 * (spec 8); the order the return call answered stays on the page.
 */
export function ReturnConfirmation({ order: answered, email }: ReturnState) {
  const reload = useReloadedOrder(answered, email);
  const order = reload.data ?? answered;
  const signedIn = useAuthStore((s) => s.status === 'signedIn');
  const failure = reload.error?.message;
  useEffect(() => {
    if (failure) toast.error(failure);
  }, [failure]);

  return (
    <div className="return-page container page-frame">
      {signedIn ? (
        <Link to={paths.account.href()} className="return-page__back">
          Back to Orders
        </Link>
      ) : null}
      <h1 className="page-title">Return Confirmation</h1>
      <p className="return-page__order">
        Order # <strong>{order.orderNumber}</strong>
      </p>
      <p className="return-confirmation__message" role="status">
        {RETURN_TEXTS.processing}
      </p>
      <ReturnHistory returns={order.returns} />
      <p className="return-page__note">{RETURN_TEXTS.freeReturnNote}</p>
      <div className="page-actions">
        <Link to={paths.designs.href()} className="btn btn--outline">
          Browse Designs
        </Link>
      </div>
    </div>
  );
}
