import type { ReactNode } from 'react';
import { Modal } from './modal.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** The button that does it, e.g. 'Yes, Cancel Order'. */
  confirmLabel: string;
  /** Shown on that button while it works, e.g. 'Cancelling…'. */
  busyLabel: string;
  /** The button that leaves things as they are. */
  cancelLabel?: string;
  /** The action is under way: the confirm button is disabled and says so; the dialog stays open. */
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Called once the dialog has faded out (e.g. to move focus when its opener is gone). */
  onClosed?: () => void;
}

/**
 * A yes/no question on top of Modal (labelled dialog, focus kept inside, Escape closes). Focus starts
 * on the button that changes nothing, so an Enter pressed by habit does no harm.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  cancelLabel = 'Go Back',
  busy,
  onConfirm,
  onCancel,
  onClosed,
}: ConfirmDialogProps) {
  const cancel = () => {
    if (!busy) onCancel();
  };
  return (
    <Modal open={open} onClose={cancel} title={title} onClosed={onClosed}>
      <div className="confirm-dialog">
        {children}
        <div className="confirm-dialog__actions">
          <button
            type="button"
            className="btn btn--outline"
            onClick={cancel}
            disabled={busy}
            data-autofocus
          >
            {cancelLabel}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy}
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </Modal>
  );
}
