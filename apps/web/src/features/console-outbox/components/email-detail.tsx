import { Link } from 'react-router';
import { ONE_TIME_LINK_HIDDEN } from '@sunward/core/console-outbox';
import { ConsoleError } from '@/shared/console/console-error.tsx';
import { DateTime } from '@/shared/console/console-format.tsx';
import { StatusBadge } from '@/shared/console/status-badge.tsx';
import { useEmail } from '../api/get-email.ts';
import { EmailPreview } from './email-preview.tsx';
import { ResendButton } from './resend-button.tsx';
import './outbox.css';

/** One email: to whom, its status and tries, Re-send, the preview and the plain text. */
export function EmailDetailView({ id, hrefOf }: { id: string; hrefOf: (id: string) => string }) {
  const query = useEmail(id);
  if (query.isError) {
    return (
      <ConsoleError
        error={query.error}
        title="This email could not be loaded."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const email = query.data;
  if (!email) return <p className="outbox-muted">Loading the email…</p>;
  return (
    <div className="outbox-detail">
      <dl className="outbox-facts">
        <dt>To</dt>
        <dd>{email.to || 'Erased'}</dd>
        {email.replyTo ? (
          <>
            <dt>Reply-To</dt>
            <dd>{email.replyTo}</dd>
          </>
        ) : null}
        <dt>Kind</dt>
        <dd>{email.kind}</dd>
        <dt>Status</dt>
        <dd>
          <StatusBadge kind="email" status={email.status} /> after {email.attempts} attempt
          {email.attempts === 1 ? '' : 's'}
        </dd>
        {email.lastError ? (
          <>
            <dt>Last error</dt>
            <dd className="outbox-error">{email.lastError}</dd>
          </>
        ) : null}
        <dt>Queued</dt>
        <dd>
          <DateTime value={email.createdAt} />
        </dd>
        <dt>Sent</dt>
        <dd>{email.sentAt ? <DateTime value={email.sentAt} /> : 'Not yet'}</dd>
        {email.resentFrom ? (
          <>
            <dt>Copy of</dt>
            <dd>
              <Link to={hrefOf(email.resentFrom)}>the email it re-sends</Link>
            </dd>
          </>
        ) : null}
        {email.copies.length ? (
          <>
            <dt>Copies</dt>
            <dd>
              {email.copies.map((copy, index) => (
                <span key={copy.id}>
                  {index ? ', ' : ''}
                  <Link to={hrefOf(copy.id)}>
                    <DateTime value={copy.createdAt} />
                  </Link>{' '}
                  ({copy.status})
                </span>
              ))}
            </dd>
          </>
        ) : null}
      </dl>
      <ResendButton email={email} />
      {email.html.includes(ONE_TIME_LINK_HIDDEN) || email.text.includes(ONE_TIME_LINK_HIDDEN) ? (
        <p className="outbox-muted">
          One-time links are hidden here: whoever opens one acts as the customer. Re-sending sends
          the email as it was, link included, to its recipient only.
        </p>
      ) : null}
      {email.html ? (
        <EmailPreview html={email.html} title={`Preview of “${email.subject}”`} />
      ) : (
        <p className="outbox-muted">No body: the recipient&apos;s personal data was erased.</p>
      )}
      {email.text ? (
        <details className="outbox-text">
          <summary>Plain text</summary>
          <pre>{email.text}</pre>
        </details>
      ) : null}
    </div>
  );
}
