import { useEffect, useId, useRef } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ReviewReplyInputSchema, type ConsoleReview } from '@sunward/core/review-schemas';
import { designTitle } from '@sunward/core/designs';
import { FIT_LABELS, REVIEW_LIMITS, starsLabel } from '@sunward/core/reviews';
import { sizeInfo } from '@sunward/core/sizes';
import { errorMessage } from '@/shared/console/console-error.tsx';
import { DateTime } from '@/shared/console/console-format.tsx';
import { FieldMessage, invalidProps } from '@/shared/console/field-message.tsx';
import { setServerErrors } from '@/shared/console/server-errors.ts';
import { StatusBadge } from '@/shared/console/status-badge.tsx';
import { toast } from '@/shared/toast/toast-store.ts';
import { useModerateReview } from '../api/moderate-review.ts';
import { useReplyToReview } from '../api/reply-to-review.ts';

/**
 * One review in the console: what the buyer wrote (as text), Publish / Hide, and the public reply.
 * The card can take the focus: Show more moves it to the first card added, and a status change moves
 * it here when the button pressed went away.
 */
export function ReviewCard({ review: r }: { review: ConsoleReview }) {
  const id = useId();
  const card = useRef<HTMLElement>(null);
  const shownStatus = useRef(r.status);
  useEffect(() => {
    if (shownStatus.current === r.status) return;
    shownStatus.current = r.status;
    const active = document.activeElement;
    if (!active || active === document.body) card.current?.focus();
  }, [r.status]);
  const moderate = useModerateReview();
  const reply = useReplyToReview();
  const form = useForm<{ reply: string | null }>({
    defaultValues: { reply: r.reply?.text ?? '' },
    resolver: zodResolver(ReviewReplyInputSchema),
  });
  const replyError = form.formState.errors.reply?.message;
  const name = `${designTitle(r.design)} review by ${r.firstName ?? 'a buyer'}`;
  const setStatus = (status: 'published' | 'hidden') =>
    moderate.mutate(
      { id: r.id, status, from: r.status },
      {
        onSuccess: () =>
          toast.success(status === 'published' ? 'Review published.' : 'Review hidden.'),
        onError: (error) => toast.error(error.message),
      },
    );
  const saveReply = form.handleSubmit(async ({ reply: text }) => {
    if (reply.isPending) return;
    try {
      await reply.mutateAsync({ id: r.id, reply: text ?? '' });
      toast.success(text ? 'Reply saved.' : 'Reply removed.');
    } catch (error) {
      toast.error(errorMessage(error));
      setServerErrors(form.setError, error, {
        focus: false,
        toField: (path) => (path === 'reply' ? path : null),
      });
    }
  });
  return (
    <article className="review-card" aria-label={name} ref={card} tabIndex={-1}>
      <header className="review-card__head">
        <strong>{designTitle(r.design)}</strong>
        <StatusBadge kind="review" status={r.status} />
        <span>
          Order {r.orderNumber} · <DateTime value={r.createdAt} />
        </span>
      </header>
      <p className="review-card__line">
        <span aria-label={starsLabel(r.stars)}>{'★'.repeat(r.stars)}</span> ·{' '}
        {sizeInfo(r.size).label} · {FIT_LABELS[r.fit]} ·{' '}
        {[r.firstName, r.state].filter(Boolean).join(', ') || 'No name given'}
      </p>
      {r.title ? <p className="review-card__title">{r.title}</p> : null}
      {r.body ? <p className="review-card__body">{r.body}</p> : null}
      <div className="review-card__actions" role="group" aria-label={`Moderate the ${name}`}>
        {r.status !== 'published' ? (
          <button
            type="button"
            className="btn btn--primary btn--small"
            disabled={moderate.isPending}
            onClick={() => setStatus('published')}
          >
            Publish
          </button>
        ) : null}
        {r.status !== 'hidden' ? (
          <button
            type="button"
            className="btn btn--outline btn--small"
            disabled={moderate.isPending}
            onClick={() => setStatus('hidden')}
          >
            Hide
          </button>
        ) : null}
      </div>
      <form className="review-card__reply" onSubmit={(event) => void saveReply(event)}>
        <label className="field__label" htmlFor={`${id}-reply`}>
          Public reply
        </label>
        <textarea
          id={`${id}-reply`}
          className="console-control"
          rows={2}
          maxLength={REVIEW_LIMITS.reply}
          {...invalidProps(replyError, `${id}-reply-error`)}
          {...form.register('reply')}
        />
        <FieldMessage id={`${id}-reply-error`} message={replyError} />
        <button
          type="submit"
          className="btn btn--outline btn--small"
          disabled={reply.isPending || form.formState.isSubmitting}
        >
          Save reply
        </button>
      </form>
    </article>
  );
}
