import { useRef, useState, type FormEvent } from 'react';
import type { ReconciliationFinding } from '@sunward/core/console-reconciliation';
import { errorMessage } from '@/shared/console/console-error.tsx';
import { useToastStore } from '@/shared/toast/toast-store.ts';
import { useCloseFinding } from '../api/close-finding.ts';
import './reconciliation.css';

/**
 * An open finding closed once an operator has dealt with it (refunded by hand, the order corrected,
 * Stripe's support asked): a note says what was done. Described by the finding's row.
 */
export function CloseFindingForm({
  finding,
  describedBy,
}: {
  finding: ReconciliationFinding;
  describedBy: string;
}) {
  const close = useCloseFinding(finding.id);
  const toast = useToastStore((s) => s.show);
  const [note, setNote] = useState('');
  const closing = useRef(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (closing.current) return;
    closing.current = true;
    close.mutate(note, {
      onSuccess: () => toast('success', 'Finding closed.'),
      onSettled: () => {
        closing.current = false;
      },
    });
  };
  const id = `close-note-${finding.id}`;
  return (
    <form className="reconciliation-close" onSubmit={submit} aria-describedby={describedBy}>
      <label htmlFor={id}>
        What was done
        <input
          id={id}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          maxLength={500}
          required
        />
      </label>
      <button
        type="submit"
        className="btn btn--outline btn--small"
        disabled={close.isPending}
        aria-busy={close.isPending}
      >
        {close.isPending ? 'Closing…' : 'Close'}
      </button>
      {close.isError ? (
        <p role="alert" className="reconciliation-alert">
          {errorMessage(close.error)}
        </p>
      ) : null}
    </form>
  );
}
