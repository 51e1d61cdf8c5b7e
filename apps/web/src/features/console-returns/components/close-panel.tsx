import { useId, useState } from 'react';
import type { ReturnDetail } from '@sunward/core/console-returns-schemas';
import { formatMoney } from '@sunward/core/money';
import { errorMessage } from '@/shared/console/console-error.tsx';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog.tsx';
import { useCloseReturn } from '../api/close-return.ts';

/**
 * Close the return with nothing refunded: an exchange-only return once its parcel is in, or the
 * operator's decision (the parcel never came), which then needs a reason.
 */
export function ClosePanel({ detail }: { detail: ReturnDetail }) {
  const id = useId();
  const close = useCloseReturn(detail.id);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const owed = detail.refundAmount > 0;

  return (
    <section className="console-returns__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="console-returns__heading">
        Close
      </h2>
      <p className="console-returns__hint">
        {owed
          ? `Closing refunds nothing of the ${formatMoney(detail.refundAmount)} this return is worth.`
          : 'Nothing to refund on this return: close it once the parcel is in.'}
      </p>
      <div>
        <button
          type="button"
          className="btn btn--outline"
          onClick={() => {
            close.reset();
            setAsking(true);
          }}
          disabled={close.isPending}
        >
          Close without refund…
        </button>
      </div>
      <ConfirmDialog
        open={asking}
        title="Close this return without a refund?"
        confirmLabel="Yes, close it"
        busyLabel="Closing…"
        busy={close.isPending}
        onConfirm={() =>
          close.mutate(reason.trim() ? { reason: reason.trim() } : {}, {
            onSuccess: () => setAsking(false),
          })
        }
        onCancel={() => setAsking(false)}
      >
        <div className="console-returns__field">
          <label htmlFor={`${id}-reason`}>{owed ? 'Reason (required)' : 'Reason (optional)'}</label>
          <textarea
            id={`${id}-reason`}
            className="console-control"
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        {close.isError ? (
          <p role="alert" className="console-returns__error">
            {errorMessage(close.error)}
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
