import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { NOTE_MAX, NoteRequestSchema, type ConsoleOrderDetail } from '@sunward/core/console-orders';
import { FieldMessage, FormAlert, invalidProps } from '@/shared/console/field-message.tsx';
import { setServerErrors } from '@/shared/console/server-errors.ts';
import { DateTime } from '@/shared/console/console-format.tsx';
import { statusLook } from '@/shared/console/status-badge.tsx';
import { useAddOrderNote } from '../api/add-order-note.ts';
import { useIdempotencyKey } from '@/shared/console/idempotency-key.ts';
import { actorText } from './order-payment.tsx';

type Entry =
  | { kind: 'event'; at: string; id: string; event: ConsoleOrderDetail['events'][number] }
  | { kind: 'note'; at: string; id: string; note: ConsoleOrderDetail['notes'][number] };

const label = (status: string) => statusLook('order', status).label;

/** The order's story, oldest first: each status change (who, why) and each operator's note. */
export function OrderTimeline({ detail }: { detail: ConsoleOrderDetail }) {
  const entries: Entry[] = [
    ...detail.events.map((event) => ({
      kind: 'event' as const,
      at: event.at,
      id: event.id,
      event,
    })),
    ...detail.notes.map((note) => ({ kind: 'note' as const, at: note.at, id: note.id, note })),
  ].sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
  return (
    <div className="order-timeline">
      <ol className="order-timeline__list">
        {entries.map((entry) =>
          entry.kind === 'event' ? (
            <li key={entry.id} className="order-timeline__event">
              <p>
                <strong>
                  {entry.event.from
                    ? `${label(entry.event.from)} → ${label(entry.event.to)}`
                    : `Placed (${label(entry.event.to)})`}
                </strong>{' '}
                by {actorText(entry.event.actor, entry.event.operatorEmail)}
              </p>
              <p className="console-orders__muted">
                <DateTime value={entry.at} />
                {entry.event.reason ? `: ${entry.event.reason}` : null}
              </p>
            </li>
          ) : (
            <li key={entry.id} className="order-timeline__note">
              <p>
                <strong>Note</strong> by {entry.note.operatorEmail}
              </p>
              <p className="order-timeline__body">{entry.note.body}</p>
              <p className="console-orders__muted">
                <DateTime value={entry.at} />
              </p>
            </li>
          ),
        )}
      </ol>
      <NoteForm orderNumber={detail.order.orderNumber} />
    </div>
  );
}

const NoteFormSchema = NoteRequestSchema.pick({ body: true });

/** Add a note: sent once per note (its key), the button disabled while it is sent. */
function NoteForm({ orderNumber }: { orderNumber: string }) {
  const add = useAddOrderNote(orderNumber);
  const [key, renewKey] = useIdempotencyKey();
  const form = useForm({ defaultValues: { body: '' }, resolver: zodResolver(NoteFormSchema) });
  const { errors, isSubmitting } = form.formState;
  const empty = !useWatch({ control: form.control, name: 'body' }).trim();
  const busy = isSubmitting || add.isPending;
  const submit = form.handleSubmit(async ({ body }) => {
    if (add.isPending) return;
    try {
      await add.mutateAsync({ body, idempotencyKey: key });
      form.reset();
      renewKey();
    } catch (failure) {
      setServerErrors(form.setError, failure, {
        toField: (path) => (path === 'body' ? path : null),
      });
    }
  });
  return (
    <form className="order-timeline__form" onSubmit={(event) => void submit(event)}>
      <label htmlFor="order-note" className="console-orders__label">
        Add a note
      </label>
      <textarea
        id="order-note"
        className="console-control"
        rows={3}
        maxLength={NOTE_MAX}
        {...invalidProps(errors.body?.message, 'order-note-error')}
        {...form.register('body')}
      />
      <FieldMessage id="order-note-error" message={errors.body?.message} />
      <FormAlert errors={errors} className="console-orders__error" />
      <button
        type="submit"
        className="btn btn--primary btn--small"
        disabled={busy || empty}
        aria-busy={busy}
      >
        {busy ? 'Adding…' : 'Add note'}
      </button>
    </form>
  );
}
