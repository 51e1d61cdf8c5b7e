import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  CloseFindingRequestSchema,
  type ReconciliationFinding,
} from '@sunward/core/console-reconciliation';
import { FieldMessage, FormAlert, invalidProps } from '@/shared/console/field-message.tsx';
import { setServerErrors } from '@/shared/console/server-errors.ts';
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
  const form = useForm({
    defaultValues: { note: '' },
    resolver: zodResolver(CloseFindingRequestSchema),
  });
  const { errors, isSubmitting } = form.formState;
  const busy = isSubmitting || close.isPending;
  const submit = form.handleSubmit(async ({ note }) => {
    if (close.isPending) return;
    try {
      await close.mutateAsync(note);
      toast('success', 'Finding closed.');
    } catch (failure) {
      setServerErrors(form.setError, failure, {
        toField: (path) => (path === 'note' ? path : null),
      });
    }
  });
  const id = `close-note-${finding.id}`;
  return (
    <form
      className="reconciliation-close"
      onSubmit={(event) => void submit(event)}
      aria-describedby={describedBy}
    >
      <label htmlFor={id}>
        What was done
        <input
          id={id}
          maxLength={500}
          required
          {...invalidProps(errors.note?.message, `${id}-error`)}
          {...form.register('note')}
        />
      </label>
      <FieldMessage id={`${id}-error`} message={errors.note?.message} />
      <button
        type="submit"
        className="btn btn--outline btn--small"
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? 'Closing…' : 'Close'}
      </button>
      <FormAlert errors={errors} className="reconciliation-alert" />
    </form>
  );
}
