import { Navigate, useLocation } from 'react-router';
import { SupportForm } from '@/features/support/components/support-form.tsx';
import { readSupportState } from '@/features/support/components/support-state.ts';
import { useHydrated } from '@/shared/hooks/use-hydrated.ts';
import { paths } from '@/shared/paths.ts';
import type { NoticeState } from '@/shared/ui/page-notice.tsx';
import { FrameSkeleton } from '@/shared/ui/page-frame.tsx';
import { PageTitle } from '@/shared/ui/page-title.tsx';

/** Why the shopper landed on the lookup (issue 30). */
const WITHOUT_ORDER: NoticeState = {
  notice: 'Support starts from an order: find your order here, then choose Support.',
};

/**
 * /support (spec 2): reached from an order (the account's order history, the order lookup) with
 * `{ orderNumber, previousUrl }` in its navigation state; without it, off to /order-lookup, saying why.
 * The page arrives as its frame (title, lead, a skeleton of the form; decision 054): the navigation
 * state is this browser's, read once the app has hydrated.
 */
export default function SupportPage() {
  const known = useHydrated();
  const state = readSupportState(useLocation().state);
  return (
    <div className="page container page-frame">
      <PageTitle title="Support" />
      <h1 className="page-title">Support</h1>
      <p className="page-lead">
        Tell us what you need help with and we will get back to you by email.
      </p>
      {known && state ? (
        <SupportForm {...state} />
      ) : (
        <FrameSkeleton blocks={['line', 'box', 'button']} />
      )}
      {/* The frame stays while the shopper is sent on: nothing moves until the lookup is there. */}
      {known && !state ? (
        <Navigate to={paths.orderLookup.href()} replace state={WITHOUT_ORDER} />
      ) : null}
    </div>
  );
}
