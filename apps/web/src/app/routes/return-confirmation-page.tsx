import { useMemo } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ReturnConfirmation } from '@/features/returns/components/return-confirmation.tsx';
import { readReturnState } from '@/features/returns/lib/return-state.ts';
import { hasStoredSignIn } from '@/shared/auth/auth-store.ts';
import { paths } from '@/shared/paths.ts';
import type { NoticeState } from '@/shared/ui/page-notice.tsx';
import { PageTitle } from '@/shared/ui/page-title.tsx';

/**
 * /return/confirmation (spec 2, Return Confirmation): needs the order (and a guest's email) in
 * navigation state, as /return leaves it after Submit Return; without it, to find the order.
 */
export default function ReturnConfirmationPage() {
  const location = useLocation();
  const state = useMemo(() => readReturnState(location.state), [location.state]);
  if (!state) return <WithoutOrder />;
  return (
    <div className="page">
      <PageTitle title="Return Confirmation" />
      <ReturnConfirmation key={location.key} order={state.order} email={state.email} />
    </div>
  );
}

/**
 * Opened without its order (a reload, a shared link, typed in): the shopper is sent where orders are
 * found (the account's order history when signed in on this device, else the order lookup) with a
 * line saying why (issue 30).
 */
function WithoutOrder() {
  const signedIn = hasStoredSignIn();
  const state: NoticeState = {
    notice: signedIn
      ? 'That return confirmation can only be shown right after a return is submitted: find the order in your order history, then choose View Returns to see it.'
      : 'That return confirmation can only be shown right after a return is submitted: find your order here, then choose View Returns to see it.',
  };
  return (
    <Navigate
      replace
      to={signedIn ? paths.account.href() : paths.orderLookup.href()}
      state={state}
    />
  );
}
