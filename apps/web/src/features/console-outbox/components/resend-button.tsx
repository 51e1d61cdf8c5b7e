import { newIdempotencyKey } from '@/shared/console/idempotency-key.ts';
import { useRef } from 'react';
import type { EmailDetail } from '@sunward/core/console-outbox';
import { errorMessage } from '@/shared/console/console-error.tsx';
import { useToastStore } from '@/shared/toast/toast-store.ts';
import { useResendEmail } from '../api/resend-email.ts';
import './outbox.css';

/**
 * Re-send: a failed email is queued again; a sent (or logged) one is sent again as a copy. One key per
 * click, kept for a retry of that click, so the customer never gets two from one click. Nothing to do
 * while it is queued or being sent, or once its recipient was erased.
 */
export function ResendButton({ email }: { email: EmailDetail }) {
  const resend = useResendEmail(email.id);
  const key = useRef<string | null>(null);
  const toast = useToastStore((s) => s.show);
  const inFlight = email.status === 'queued' || email.status === 'sending';
  const erased = email.to === '';
  const label = email.status === 'failed' ? 'Queue Again' : 'Send a Copy';

  const click = () => {
    if (resend.isPending) return;
    key.current ??= newIdempotencyKey();
    resend.mutate(key.current, {
      onSuccess: (answer) => {
        key.current = null;
        toast(
          'success',
          answer.outcome === 'requeued'
            ? 'Queued again: the mailer is sending it.'
            : 'A copy is queued to be sent.',
        );
      },
    });
  };

  return (
    <div className="outbox-resend">
      <button
        type="button"
        className="btn btn--primary btn--small"
        onClick={click}
        disabled={inFlight || erased || resend.isPending}
        aria-busy={resend.isPending}
        aria-describedby={inFlight || erased ? `resend-why-${email.id}` : undefined}
      >
        {resend.isPending ? 'Queuing…' : label}
      </button>
      {inFlight || erased ? (
        <span id={`resend-why-${email.id}`} className="outbox-muted">
          {erased ? 'The recipient was erased.' : 'It is on its way already.'}
        </span>
      ) : null}
      {resend.isError ? (
        <p role="alert" className="outbox-alert">
          {errorMessage(resend.error)}
        </p>
      ) : null}
    </div>
  );
}
