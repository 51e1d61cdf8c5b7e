import { createPortal } from 'react-dom';
import { useHydrated } from '@/shared/hooks/use-hydrated.ts';
import { useToastStore, type ToastKind } from './toast-store.ts';
import './toaster.css';

const ICONS: Record<ToastKind, string> = {
  blank: '',
  custom: '',
  success: '✓',
  error: '!',
  loading: '',
};

/**
 * Top-center stack, max width 350px. Errors are announced assertively, the rest politely. Rendered on
 * document.body, outside #root, so it stays live while a modal makes the page inert; so not on the
 * server (no document) nor while a prerendered page hydrates.
 */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  // No document on the server: the (empty) toaster joins the page once hydrated.
  if (!useHydrated()) return null;
  return createPortal(
    <div className="toaster">
      <div className="toaster__region" role="status" aria-live="polite">
        {toasts
          .filter((t) => t.kind !== 'error')
          .map((t) => (
            <ToastItem key={t.id} {...t} onDismiss={() => dismiss(t.id)} />
          ))}
      </div>
      <div className="toaster__region" role="alert" aria-live="assertive">
        {toasts
          .filter((t) => t.kind === 'error')
          .map((t) => (
            <ToastItem key={t.id} {...t} onDismiss={() => dismiss(t.id)} />
          ))}
      </div>
    </div>,
    document.body,
  );
}

function ToastItem(props: {
  kind: ToastKind;
  message: string;
  visible: boolean;
  onDismiss: () => void;
}) {
  return (
    <div className={`toast toast--${props.kind}`} data-visible={props.visible}>
      {props.kind === 'loading' ? (
        <span className="toast__spinner" aria-hidden="true" />
      ) : ICONS[props.kind] ? (
        <span className="toast__icon" aria-hidden="true">
          {ICONS[props.kind]}
        </span>
      ) : null}
      <span className="toast__message">{props.message}</span>
      <button type="button" className="toast__close" onClick={props.onDismiss} aria-label="Dismiss">
        ×
      </button>
    </div>
  );
}
