import { Navigate } from 'react-router';
import { CheckoutFrame } from '../../features/checkout/components/checkout-frame.tsx';
import { CheckoutView } from '../../features/checkout/components/checkout-view.tsx';
import { useBagStore } from '../../shared/bag/bag-store.ts';
import { PageTitle } from '../../shared/ui/page-title.tsx';
import { useHydrated } from '@/shared/hooks/use-hydrated.ts';
import { paths } from '@/shared/paths.ts';

/**
 * /checkout: an empty bag has nothing to check out, so it goes back to /bag (spec 2). The page arrives
 * as its frame (decision 054) and stays so until the bag is known: this browser's once the app has
 * hydrated, a signed-in shopper's once the server has sent it.
 */
export default function CheckoutPage() {
  const empty = useBagStore((s) => s.lines.length === 0);
  const ready = useBagStore((s) => s.ready);
  const known = useHydrated() && ready;
  return (
    <div className="page">
      <PageTitle title="Checkout" />
      {known && !empty ? <CheckoutView /> : <CheckoutFrame />}
      {/* The frame stays while an empty bag's shopper is sent on: nothing moves until /bag is there. */}
      {known && empty ? <Navigate to={paths.bag.href()} replace /> : null}
    </div>
  );
}
