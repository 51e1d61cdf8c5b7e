import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { ReturnConfirmation } from '@/features/returns/components/return-confirmation.tsx';
import { readReturnState } from '@/features/returns/lib/return-state.ts';
import { ReturnFrame } from '@/features/returns/components/return-frame.tsx';
import { useHydrated } from '@/shared/hooks/use-hydrated.ts';
import { PageTitle } from '@/shared/ui/page-title.tsx';

/** Why a shopper who opened the page without its order lands where orders are found. */
const WHY = (find: string) =>
  `Your return is listed with its order: ${find}, then choose View Returns.`;

/**
 * /return/confirmation (spec 2, Return Confirmation): needs the order (and a guest's email) in
 * navigation state, as /return leaves it after Submit Return; without it, to find the order.
 */
export default function ReturnConfirmationPage() {
  const location = useLocation();
  const state = useMemo(() => readReturnState(location.state), [location.state]);
  // The page arrives as its frame (decision 054): the state is read once the app has hydrated, and
  // the frame stays while the shopper is sent on (nothing moves until the next page is there).
  const known = useHydrated();
  if (!known || !state)
    return <ReturnFrame title="Return Confirmation" why={known ? WHY : undefined} />;
  return (
    <div className="page">
      <PageTitle title="Return Confirmation" />
      <ReturnConfirmation key={location.key} order={state.order} email={state.email} />
    </div>
  );
}
