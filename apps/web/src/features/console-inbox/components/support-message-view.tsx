import { Link } from 'react-router';
import type { SupportMessageDetail } from '@sunward/core/console-inbox';
import { ConsoleError, errorMessage } from '@/shared/console/console-error.tsx';
import { DateTime, Money } from '@/shared/console/console-format.tsx';
import { StatusBadge } from '@/shared/console/status-badge.tsx';
import { paths } from '@/shared/paths.ts';
import { useSupportMessage } from '../api/get-support-message.ts';
import { useSetSupportStatus } from '../api/set-support-status.ts';
import { SupportStatusBadge } from './inbox-badges.tsx';
import { ReplyForm } from './reply-form.tsx';
import './inbox.css';

/** Close, or Reopen a closed message; disabled while the change goes. */
export function SupportStatusButton({ message }: { message: SupportMessageDetail }) {
  const change = useSetSupportStatus(message.id);
  const closed = message.status === 'closed';
  return (
    <>
      <button
        type="button"
        className="btn btn--outline btn--small"
        disabled={change.isPending}
        aria-busy={change.isPending}
        onClick={() => change.mutate(closed ? 'open' : 'closed')}
      >
        {change.isPending ? 'Saving…' : closed ? 'Reopen' : 'Close'}
      </button>
      {change.isError ? (
        <p role="alert" className="inbox-alert">
          {errorMessage(change.error)}
        </p>
      ) : null}
    </>
  );
}

function MessageFacts({ message }: { message: SupportMessageDetail }) {
  return (
    <dl className="inbox-facts">
      <dt>Status</dt>
      <dd>
        <SupportStatusBadge status={message.status} />
      </dd>
      <dt>Received</dt>
      <dd>
        <DateTime value={message.createdAt} />
      </dd>
      <dt>From</dt>
      <dd>{message.erased ? 'Erased' : fromWords(message)}</dd>
      <dt>Customer</dt>
      <dd>
        {message.customer ? (
          <Link to={paths.consoleCustomer.href({ customerId: message.customer.id })}>
            {message.customer.name || message.customer.email || message.customer.id}
          </Link>
        ) : (
          'Not signed in'
        )}
      </dd>
      <dt>Order</dt>
      <dd>
        {message.order ? (
          <>
            <Link to={paths.consoleOrder.href({ orderNumber: message.order.orderNumber })}>
              {message.order.orderNumber}
            </Link>{' '}
            <StatusBadge kind="order" status={message.order.status} />{' '}
            <Money cents={message.order.total} />
          </>
        ) : message.orderNumber ? (
          `${message.orderNumber} (no such order)`
        ) : (
          'None named'
        )}
      </dd>
    </dl>
  );
}

/** One support message: who sent it, about which order, the message, the replies and the reply form. */
export function SupportMessageView({ id }: { id: string }) {
  const query = useSupportMessage(id);
  if (query.isError) {
    return (
      <ConsoleError
        error={query.error}
        title="This support message could not be loaded."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const message = query.data;
  if (!message) return <p className="inbox-muted">Loading the message…</p>;
  return (
    <div className="inbox-section">
      <section className="inbox-card" aria-labelledby="support-message-title">
        <h2 id="support-message-title" className="inbox-card__title">
          Message
        </h2>
        <MessageFacts message={message} />
        {message.erased ? (
          <p className="inbox-muted">
            The sender&apos;s personal data was erased, message included.
          </p>
        ) : (
          <blockquote className="inbox-text">{message.message}</blockquote>
        )}
      </section>

      <section className="inbox-card" aria-labelledby="support-replies-title">
        <h2 id="support-replies-title" className="inbox-card__title">
          Replies ({message.replies.length})
        </h2>
        {message.replies.length === 0 ? (
          <p className="inbox-muted">No reply yet.</p>
        ) : (
          <ol className="inbox-replies">
            {message.replies.map((reply) => (
              <li key={reply.id} className="inbox-card">
                <p className="inbox-muted">
                  <DateTime value={reply.createdAt} /> · {reply.operatorEmail} to{' '}
                  {reply.toAddress || 'an erased address'}{' '}
                  {reply.emailStatus ? (
                    <StatusBadge kind="email" status={reply.emailStatus} />
                  ) : null}
                </p>
                <div className="inbox-text">{reply.body || 'Erased'}</div>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="inbox-card">
        {message.replyTo ? (
          <ReplyForm messageId={message.id} replyTo={message.replyTo} />
        ) : (
          <p className="inbox-note">
            {message.erased
              ? "The sender's personal data was erased: there is no address to reply to."
              : 'There is no address to reply to: the sender gave none, and no order or account names one.'}
          </p>
        )}
      </section>
    </div>
  );
}

/**
 * Who wrote, as the reply box will answer them (issue 30): the address given; else, where a reply
 * goes and why (the order's email for a guest who gave none, or the signed-in customer's).
 */
export function fromWords(
  message: Pick<SupportMessageDetail, 'email' | 'replyTo' | 'order' | 'customer'>,
): string {
  if (message.email) return message.email;
  if (!message.replyTo) return 'No address given (a reply cannot be sent)';
  if (message.order) {
    return `${message.replyTo} (no address given: the email of order ${message.order.orderNumber})`;
  }
  if (message.customer) return `${message.replyTo} (no address given: the customer’s account)`;
  return message.replyTo;
}
