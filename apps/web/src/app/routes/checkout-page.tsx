import { Navigate } from 'react-router';
import { CheckoutView } from '../../features/checkout/components/checkout-view.tsx';
import { useBagStore } from '../../shared/bag/bag-store.ts';
import { PageTitle } from '../../shared/ui/page-title.tsx';
import { paths } from '@/shared/paths.ts';

/**
 * /checkout: an empty bag has nothing to check out, so it goes back to /bag (spec 2); a signed-in bag
 * is waited for first (it comes from the server).
 */
export default function CheckoutPage() {
  const empty = useBagStore((s) => s.lines.length === 0);
  const ready = useBagStore((s) => s.ready);
  if (!ready) return null;
  if (empty) return <Navigate to={paths.bag.href()} replace />;
  return (
    <div className="page">
      <PageTitle title="Checkout" />
      <CheckoutView />
    </div>
  );
}
