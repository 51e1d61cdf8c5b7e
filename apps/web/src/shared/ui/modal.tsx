import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { inertOthers } from 'aria-hidden';
import { useHydrated } from '@/shared/hooks/use-hydrated.ts';
import { useToastStore } from '../toast/toast-store.ts';
import { trapTab } from './focus-trap.ts';
import './modal.css';

/** Spec 9: modal fade 300 ms (the backdrop takes 150 ms); none when the user prefers reduced motion. */
export const MODAL_FADE_MS = 300;

function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** 'md' (default) for forms, 'lg' for pictures. */
  size?: 'md' | 'lg';
  /** Called once the fade-out has finished and the dialog is gone. */
  onClosed?: () => void;
}

/**
 * An accessible dialog: role dialog, aria-modal, labelled by its title; Tab stays inside; Escape and
 * the backdrop close it; focus returns to what opened it. Everything else on the page is made inert
 * (but the toasts, which stay live).
 */
export function Modal({ open, onClose, title, children, size = 'md', onClosed }: ModalProps) {
  const [mounted, setMounted] = useState(open);
  const [closing, setClosing] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  const titleId = useId();
  const modalRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const onClosedRef = useRef(onClosed);
  // Its controls answer once the app has taken over a prerendered page (decision 025).
  const hydrated = useHydrated();
  // A dialog the page arrived with (a design's URL is rendered ahead of the browser with its modal
  // open) stays where the server put it, and shows at once: moved into document.body at hydration,
  // or faded in, its picture was painted again, after the app had loaded, and that late paint was the
  // page's largest. Any other dialog is rendered into document.body. Decided at the first render,
  // which is the server's, or the hydration's (where useHydrated is still false).
  const [arrived, setArrived] = useState(open && !hydrated);
  useEffect(() => {
    onClosedRef.current = onClosed;
  });
  const toasts = useToastStore((s) => s.toasts);
  const [toastClearance, setToastClearance] = useState(0);

  // Toasts sit above the dialog (decision 016) at the top of the screen. On a phone the dialog fills the
  // screen, so while any are shown it moves down below them: they never cover its title or controls.
  useLayoutEffect(() => {
    if (!mounted) return;
    const toaster = document.querySelector('.toaster');
    setToastClearance(
      toasts.length > 0 && toaster ? Math.ceil(toaster.getBoundingClientRect().bottom) + 8 : 0,
    );
  }, [mounted, toasts]);

  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setMounted(true);
      setClosing(false);
    } else if (mounted) setClosing(true);
  }

  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(
      () => {
        setMounted(false);
        setClosing(false);
        setArrived(false);
        onClosedRef.current?.();
      },
      reducedMotion() ? 0 : MODAL_FADE_MS,
    );
    return () => clearTimeout(timer);
  }, [closing]);

  // A layout effect, so that focus returns to the opener in the same commit that removes the dialog:
  // a passive cleanup could run a frame later, leaving focus on <body> in between.
  useLayoutEffect(() => {
    const modal = modalRef.current;
    if (!mounted || !hydrated || !modal) return;
    const opener = document.activeElement as HTMLElement | null;
    const undoInert = inertOthers([modal, ...document.querySelectorAll('.toaster')]);
    document.body.classList.add('has-modal');
    const dialog = dialogRef.current;
    const first = dialog?.querySelector<HTMLElement>('[data-autofocus]') ?? dialog;
    first?.focus();
    return () => {
      undoInert();
      document.body.classList.remove('has-modal');
      if (opener?.isConnected) opener.focus();
    };
  }, [mounted, hydrated]);

  if (!mounted) return null;
  const dialog = (
    <div
      ref={modalRef}
      className="modal"
      data-state={closing ? 'closing' : arrived ? 'arrived' : 'open'}
      style={{ '--toast-clearance': `${toastClearance}px` } as CSSProperties}
    >
      <div className="modal__backdrop" onClick={onClose} aria-hidden="true" />
      <div
        ref={dialogRef}
        className={`modal__dialog modal__dialog--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onClose();
          } else if (event.key === 'Tab' && dialogRef.current) {
            trapTab(event.nativeEvent, dialogRef.current);
          }
        }}
      >
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {/* A dialog the page arrived with closes once the app has taken over (decision 025). */}
          <button
            type="button"
            className="modal__close"
            onClick={onClose}
            aria-label="Close"
            disabled={!hydrated}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
        </header>
        <div className="modal__body">{children}</div>
      </div>
    </div>
  );
  return arrived ? dialog : createPortal(dialog, document.body);
}
