import { useId, useRef, useState, type FormEvent } from 'react';
import { SUPPORT_REPLY_MAX } from '@sunward/core/console-inbox';
import { errorMessage } from '@/shared/console/console-error.tsx';
import { useToastStore } from '@/shared/toast/toast-store.ts';
import { newIdempotencyKey } from '@/shared/console/idempotency-key.ts';
import { useReplyToSupport } from '../api/reply-to-support.ts';
import './inbox.css';

/**
 * The reply to a support message, sent by email from the server. One key per reply: a click that is
 * retried (or a second click) carries the same key, so the customer gets one email; Send is disabled
 * while it goes. The text stays until the server says it was sent.
 */
export function ReplyForm({ messageId, replyTo }: { messageId: string; replyTo: string }) {
  const id = useId();
  const [body, setBody] = useState('');
  const key = useRef<string | null>(null);
  const reply = useReplyToSupport(messageId);
  const toast = useToastStore((s) => s.show);
  const empty = body.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (empty || reply.isPending) return;
    key.current ??= newIdempotencyKey();
    reply.mutate(
      { body, idempotencyKey: key.current },
      {
        onSuccess: () => {
          key.current = null;
          setBody('');
          toast('success', `Reply sent to ${replyTo}`);
        },
      },
    );
  };

  return (
    <form className="inbox-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="inbox-card__title">
        Reply
      </h2>
      <label htmlFor={`${id}-body`}>Your reply to {replyTo}</label>
      <textarea
        id={`${id}-body`}
        className="console-control"
        value={body}
        maxLength={SUPPORT_REPLY_MAX}
        onChange={(event) => {
          setBody(event.target.value);
          // Different words are a different reply.
          key.current = null;
        }}
        aria-describedby={`${id}-hint`}
        required
      />
      <p id={`${id}-hint`} className="inbox-muted">
        Sent by email in the shop&apos;s layout with their message quoted; their answer comes back
        to the support address.
      </p>
      {reply.isError ? (
        <p role="alert" className="inbox-alert">
          The reply was not sent: {errorMessage(reply.error)}
        </p>
      ) : null}
      <div className="inbox-form__buttons">
        <button
          type="submit"
          className="btn btn--primary"
          disabled={empty || reply.isPending}
          aria-busy={reply.isPending}
        >
          {reply.isPending ? 'Sending…' : 'Send Reply'}
        </button>
      </div>
    </form>
  );
}
