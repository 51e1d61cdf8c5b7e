import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { ReturnForm } from '@/features/returns/components/return-form.tsx';
import { readReturnState } from '@/features/returns/lib/return-state.ts';
import { ReturnFrame } from '@/features/returns/components/return-frame.tsx';
import { useHydrated } from '@/shared/hooks/use-hydrated.ts';
import { PageTitle } from '@/shared/ui/page-title.tsx';

/** Why a shopper who opened the page without its order lands where orders are found. */
const WHY = (find: string) => `A return starts from its order: ${find}, then choose Create Return.`;

/**
 * /return (spec 2, Start a Return): needs the order in navigation state ({ order, email? }, from the
 * account's or the lookup's Create Return); without it, the shopper is sent to find the order.
 */
export default function ReturnPage() {
  const location = useLocation();
  const state = useMemo(() => readReturnState(location.state), [location.state]);
  // The page arrives as its frame (decision 054): the state is read once the app has hydrated, and
  // the frame stays while the shopper is sent on (nothing moves until the next page is there).
  const known = useHydrated();
  if (!known || !state) return <ReturnFrame title="Start a Return" why={known ? WHY : undefined} />;
  return (
    <div className="page">
      <PageTitle title="Start a Return" />
      <ReturnForm key={location.key} order={state.order} email={state.email} />
    </div>
  );
}
