import { create } from 'zustand';

/** Spec 4 and 9: toast kinds and how long each stays (loading stays until dismissed). */
export type ToastKind = 'blank' | 'error' | 'success' | 'loading' | 'custom';
export const TOAST_DURATIONS: Record<ToastKind, number> = {
  blank: 4000,
  error: 4000,
  success: 2000,
  loading: Infinity,
  custom: 4000,
};
export const TOAST_LIMIT = 20;
/** A dismissed toast stays this long (fading out) before it is removed. */
export const TOAST_REMOVE_DELAY = 1000;

export interface Toast {
  id: string;
  kind: ToastKind;
  message: string;
  visible: boolean;
}

interface ToastState {
  toasts: Toast[];
  show: (kind: ToastKind, message: string, options?: { id?: string }) => string;
  dismiss: (id?: string) => void;
  remove: (id: string) => void;
}

let counter = 0;
const timers = new Map<string, ReturnType<typeof setTimeout>>();

function schedule(id: string, ms: number, fn: () => void) {
  clearTimeout(timers.get(id));
  if (Number.isFinite(ms)) timers.set(id, setTimeout(fn, ms));
}

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show: (kind, message, options) => {
    const id = options?.id ?? `toast-${++counter}`;
    const toast: Toast = { id, kind, message, visible: true };
    set((state) => ({
      toasts: [toast, ...state.toasts.filter((t) => t.id !== id)].slice(0, TOAST_LIMIT),
    }));
    schedule(id, TOAST_DURATIONS[kind], () => get().dismiss(id));
    return id;
  },
  dismiss: (id) => {
    const ids = id ? [id] : get().toasts.map((t) => t.id);
    set((state) => ({
      toasts: state.toasts.map((t) => (ids.includes(t.id) ? { ...t, visible: false } : t)),
    }));
    for (const each of ids) schedule(each, TOAST_REMOVE_DELAY, () => get().remove(each));
  },
  remove: (id) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
    set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }));
  },
}));

const show = (kind: ToastKind) => (message: string, options?: { id?: string }) =>
  useToastStore.getState().show(kind, message, options);

/** `toast('Saved')`, `toast.error(message)`, `toast.success(...)`, `toast.loading(...)`, `toast.dismiss(id)`. */
export const toast = Object.assign(show('blank'), {
  error: show('error'),
  success: show('success'),
  loading: show('loading'),
  custom: show('custom'),
  dismiss: (id?: string) => useToastStore.getState().dismiss(id),
});
