import { useState, type FormEvent } from 'react';
import { NOTE_MAX, type ConsoleOrderDetail } from '@sunward/core/console-orders';
import { errorMessage } from '@/shared/console/console-error.tsx';
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

/** Add a note: sent once per note (its key), the button disabled while it is sent. */
function NoteForm({ orderNumber }: { orderNumber: string }) {
  const add = useAddOrderNote(orderNumber);
  const [key, renewKey] = useIdempotencyKey();
  const [body, setBody] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    add.mutate(
      { body: body.trim(), idempotencyKey: key },
      {
        onSuccess: () => {
          setBody('');
          renewKey();
        },
      },
    );
  };
  return (
    <form className="order-timeline__form" onSubmit={submit}>
      <label htmlFor="order-note" className="console-orders__label">
        Add a note
      </label>
      <textarea
        id="order-note"
        className="console-control"
        rows={3}
        maxLength={NOTE_MAX}
        value={body}
        onChange={(event) => setBody(event.currentTarget.value)}
      />
      {add.error ? (
        <p role="alert" className="console-orders__error">
          {errorMessage(add.error)}
        </p>
      ) : null}
      <button
        type="submit"
        className="btn btn--primary btn--small"
        disabled={add.isPending || !body.trim()}
        aria-busy={add.isPending}
      >
        {add.isPending ? 'Adding…' : 'Add note'}
      </button>
    </form>
  );
}
