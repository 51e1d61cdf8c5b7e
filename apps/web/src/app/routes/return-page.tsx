import { useMemo } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ReturnForm } from '@/features/returns/components/return-form.tsx';
import { readReturnState } from '@/features/returns/lib/return-state.ts';
import { hasStoredSignIn } from '@/shared/auth/auth-store.ts';
import { paths } from '@/shared/paths.ts';
import type { NoticeState } from '@/shared/ui/page-notice.tsx';
import { PageTitle } from '@/shared/ui/page-title.tsx';

/**
 * /return (spec 2, Start a Return): needs the order in navigation state ({ order, email? }, from the
 * account's or the lookup's Create Return); without it, the shopper is sent to find the order.
 */
export default function ReturnPage() {
  const location = useLocation();
  const state = useMemo(() => readReturnState(location.state), [location.state]);
  if (!state) return <WithoutOrder />;
  return (
    <div className="page">
      <PageTitle title="Start a Return" />
      <ReturnForm key={location.key} order={state.order} email={state.email} />
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
      ? 'A return starts from its order: find the order in your order history, then choose Create Return.'
      : 'A return starts from its order: find your order here, then choose Create Return.',
  };
  return (
    <Navigate
      replace
      to={signedIn ? paths.account.href() : paths.orderLookup.href()}
      state={state}
    />
  );
}
