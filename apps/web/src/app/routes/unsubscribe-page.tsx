import { Link, useSearchParams } from 'react-router';
import { useUnsubscribe } from '@/features/marketing/api/unsubscribe.ts';
import { PageTitle } from '@/shared/ui/page-title.tsx';
import { StatusPageAction } from '@/shared/ui/status-page-action.tsx';
import { paths } from '@/shared/paths.ts';

/**
 * /unsubscribe?token=…: where a marketing email's Unsubscribe link lands (decision 044). Opening the
 * page changes nothing (a mail scanner following links must not unsubscribe anyone); the button does,
 * at once. Mail clients' one-click unsubscribe POSTs to the same URL on the server (RFC 8058).
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { mutate, isPending, isSuccess, error } = useUnsubscribe();
  const title = isSuccess ? 'You are unsubscribed' : 'Unsubscribe';
  return (
    <div className="page container status-page">
      <PageTitle title={title} />
      <h1>{title}</h1>
      {isSuccess ? (
        <>
          <p>
            We will not send you bag reminders, back-in-stock emails or other marketing email any
            more.
          </p>
          <div className="status-page__actions">
            <Link to={paths.designs.href()} className="btn btn--outline">
              Browse Designs
            </Link>
          </div>
        </>
      ) : token ? (
        <>
          <p>
            Stop getting bag reminders, back-in-stock emails and other marketing email from us at
            this address?
          </p>
          <StatusPageAction
            error={error}
            pending={isPending}
            label="Unsubscribe"
            pendingLabel="Unsubscribing…"
            onClick={() => mutate(token)}
          />
        </>
      ) : (
        <p>
          This link is not complete. Please use the Unsubscribe link in the email as it was sent.
        </p>
      )}
    </div>
  );
}
