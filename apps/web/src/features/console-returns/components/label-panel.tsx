import { useId, useRef } from 'react';
import type { ReturnDetail } from '@sunward/core/console-returns-schemas';
import { errorMessage } from '@/shared/console/console-error.tsx';
import { DateTime } from '@/shared/console/console-format.tsx';
import { newIdempotencyKey } from '@/shared/console/idempotency-key.ts';
import { useIssueLabel } from '../api/issue-label.ts';

/**
 * The return's label: its tracking number and PDF, and Re-send label (the customer lost the email) or,
 * when the label service could not make it at submission, Issue label.
 */
export function LabelPanel({ detail }: { detail: ReturnDetail }) {
  const id = useId();
  const issue = useIssueLabel(detail.id);
  // One key per click (a double click sends one email); a new one once it is done.
  const key = useRef<string | null>(null);
  const { label } = detail;

  const send = () => {
    key.current ??= newIdempotencyKey();
    issue.mutate({ idempotencyKey: key.current }, { onSettled: () => (key.current = null) });
  };

  return (
    <section className="console-returns__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="console-returns__heading">
        Return label
      </h2>
      {label ? (
        <dl className="console-returns__facts">
          <dt>Tracking</dt>
          <dd>{label.trackingNumber}</dd>
          <dt>Made</dt>
          <dd>
            <DateTime value={label.createdAt} />
            {label.provider === 'sandbox' ? ' (sandbox label, not for mailing)' : ''}
          </dd>
          <dt>PDF</dt>
          <dd>
            <a href={label.url} target="_blank" rel="noreferrer">
              Open the label
            </a>
          </dd>
        </dl>
      ) : (
        <p className="console-returns__hint">
          The label service could not make this return’s label yet.
        </p>
      )}
      <div className="console-returns__actions">
        <button
          type="button"
          className="btn btn--outline"
          onClick={send}
          disabled={issue.isPending}
          aria-busy={issue.isPending}
        >
          {issue.isPending ? 'Sending…' : label ? 'Re-send label email' : 'Issue label'}
        </button>
        <div aria-live="polite">
          {issue.isSuccess ? (
            <p className="console-returns__done">The label was emailed to {detail.order.email}.</p>
          ) : null}
        </div>
        {issue.isError ? (
          <p role="alert" className="console-returns__error">
            {errorMessage(issue.error)}
          </p>
        ) : null}
      </div>
    </section>
  );
}
