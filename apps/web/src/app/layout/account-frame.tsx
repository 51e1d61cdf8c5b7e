import { FrameSkeleton } from '@/shared/ui/page-frame.tsx';
import { PageTitle } from '@/shared/ui/page-title.tsx';
import '@/features/account/components/account-summary.css';

/**
 * /account as it arrives, and while sign-in is being checked or started (decision 054): the page's
 * title over a skeleton of the account, the same for a signed-in shopper and a signed-out visitor (the
 * sign-in is this browser's), so neither sees the other's page first. `label` says what the wait is.
 */
export function AccountFrame({ label }: { label?: string }) {
  return (
    <div className="page container page-frame">
      <PageTitle title="Account" />
      <div className="account-view account-view--frame">
        <section className="account-summary" aria-labelledby="account-heading">
          <h1 id="account-heading">Account</h1>
          <FrameSkeleton blocks={['line', 'line', 'button']} label={label} />
        </section>
      </div>
    </div>
  );
}
