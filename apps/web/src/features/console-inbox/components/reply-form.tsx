import { useId, useRef } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { SUPPORT_REPLY_MAX, SupportReplyBodySchema } from '@sunward/core/console-inbox';
import { FieldMessage, FormAlert } from '@/shared/console/field-message.tsx';
import { setServerErrors } from '@/shared/console/server-errors.ts';
import { useToastStore } from '@/shared/toast/toast-store.ts';
import { newIdempotencyKey } from '@/shared/console/idempotency-key.ts';
import { useReplyToSupport } from '../api/reply-to-support.ts';
import './inbox.css';

const ReplyFormSchema = SupportReplyBodySchema.pick({ body: true });

/**
 * The reply to a support message, sent by email from the server. One key per reply: a click that is
 * retried (or a second click) carries the same key, so the customer gets one email; Send is disabled
 * while it goes. The text stays until the server says it was sent.
 */
export function ReplyForm({ messageId, replyTo }: { messageId: string; replyTo: string }) {
  const id = useId();
  const key = useRef<string | null>(null);
  const reply = useReplyToSupport(messageId);
  const toast = useToastStore((s) => s.show);
  const form = useForm({
    defaultValues: { body: '' },
    resolver: zodResolver(ReplyFormSchema),
  });
  const { errors, isSubmitting } = form.formState;
  const empty = useWatch({ control: form.control, name: 'body' }).trim() === '';
  const busy = isSubmitting || reply.isPending;

  const submit = form.handleSubmit(async ({ body }) => {
    if (reply.isPending) return;
    key.current ??= newIdempotencyKey();
    try {
      await reply.mutateAsync({ body, idempotencyKey: key.current });
      key.current = null;
      form.reset();
      toast('success', `Reply sent to ${replyTo}`);
    } catch (failure) {
      setServerErrors(form.setError, failure, {
        toField: (path) => (path === 'body' ? path : null),
      });
    }
  });
  const bodyError = errors.body?.message;

  return (
    <form
      className="inbox-form"
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="inbox-card__title">
        Reply
      </h2>
      <label htmlFor={`${id}-body`}>Your reply to {replyTo}</label>
      <textarea
        id={`${id}-body`}
        className="console-control"
        maxLength={SUPPORT_REPLY_MAX}
        {...form.register('body', {
          // Different words are a different reply.
          onChange: () => {
            key.current = null;
          },
        })}
        aria-invalid={bodyError ? true : undefined}
        aria-describedby={bodyError ? `${id}-hint ${id}-error` : `${id}-hint`}
        required
      />
      <FieldMessage id={`${id}-error`} message={bodyError} />
      <p id={`${id}-hint`} className="inbox-muted">
        Sent by email in the shop&apos;s layout with their message quoted; their answer comes back
        to the support address.
      </p>
      <FormAlert errors={errors} className="inbox-alert" prefix="The reply was not sent: " />
      <div className="inbox-form__buttons">
        <button
          type="submit"
          className="btn btn--primary"
          disabled={empty || busy}
          aria-busy={busy}
        >
          {busy ? 'Sending…' : 'Send Reply'}
        </button>
      </div>
    </form>
  );
}
