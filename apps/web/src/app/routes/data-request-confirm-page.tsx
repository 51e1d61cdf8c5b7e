import { Link, useSearchParams } from 'react-router';
import { formatLocalDate } from '@sunward/core/dates';
import { useProveDataRequest } from '@/features/support/api/prove-data-request.ts';
import { ApiError } from '@/shared/api/http.ts';
import { PageTitle } from '@/shared/ui/page-title.tsx';
import { StatusPageAction } from '@/shared/ui/status-page-action.tsx';
import { paths } from '@/shared/paths.ts';

const TITLES = {
  ask: 'Confirm Your Email',
  proven: 'Email Confirmed',
  expired: 'This Link Has Expired',
  invalid: 'This Link Is Not Valid',
} as const;

/**
 * /data-request/confirm?token=…: where a privacy data request's emailed link lands (decision 053).
 * Opening the page changes nothing (a mail scanner following links must not confirm anything); the
 * button proves the address is the requester's, and the page says what happened: confirmed (or
 * already), the link expired, or it is not valid.
 */
export default function DataRequestConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { mutate, isPending, data, error } = useProveDataRequest();
  const code = error instanceof ApiError ? error.code : undefined;
  const state = data
    ? 'proven'
    : code === 'link_expired'
      ? 'expired'
      : code === 'invalid_link' || !token
        ? 'invalid'
        : 'ask';
  const title = TITLES[state];
  const newRequest = (
    <div className="status-page__actions">
      <Link to={paths.dataRequest.href()} className="btn btn--primary">
        Send a New Request
      </Link>
    </div>
  );
  return (
    <div className="page container status-page">
      <PageTitle title={title} />
      <h1>{title}</h1>
      {state === 'proven' ? (
        <>
          <p>
            {data?.alreadyProven
              ? `You had already confirmed this email address on ${formatLocalDate(data.provenAt)}.`
              : 'Thank you: we know now that this email address is yours.'}{' '}
            We will answer your privacy request by email, by the date in our first email.
          </p>
          <div className="status-page__actions">
            <Link to={paths.designs.href()} className="btn btn--outline">
              Browse Designs
            </Link>
          </div>
        </>
      ) : state === 'expired' ? (
        <>
          <p>
            The link in our email works for a limited time, and this one has expired. Nothing was
            confirmed. Send your request again, then open the link in the new email.
          </p>
          {newRequest}
        </>
      ) : state === 'invalid' ? (
        <>
          <p>
            {token
              ? 'This link is not one we sent, or it was changed on the way. Nothing was confirmed.'
              : 'This link is not complete.'}{' '}
            Please open the link in our email exactly as it was sent, or send your request again.
          </p>
          {newRequest}
        </>
      ) : (
        <>
          <p>
            Confirm that this email address is yours, so that we can answer your privacy data
            request. No one else can then see or erase your data.
          </p>
          <StatusPageAction
            error={error}
            pending={isPending}
            label="Confirm My Email"
            pendingLabel="Confirming…"
            onClick={() => mutate(token)}
          />
        </>
      )}
    </div>
  );
}
