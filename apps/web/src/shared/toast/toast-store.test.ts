import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_LIMIT, toast, useToastStore } from './toast-store.ts';

const toasts = () => useToastStore.getState().toasts;

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each([
    ['blank', () => toast('Saved'), 4000],
    ['error', () => toast.error('Nope'), 4000],
    ['success', () => toast.success('Added'), 2000],
    ['custom', () => toast.custom('Hi'), 4000],
  ])('a %s toast hides after %i ms and is removed 1000 ms later', (_kind, show, ms) => {
    show();
    vi.advanceTimersByTime(ms - 1);
    expect(toasts()[0]!.visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(toasts()[0]!.visible).toBe(false);
    vi.advanceTimersByTime(999);
    expect(toasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts()).toHaveLength(0);
  });

  it('keeps a loading toast until it is dismissed', () => {
    const id = toast.loading('Working');
    vi.advanceTimersByTime(60_000);
    expect(toasts()[0]!.visible).toBe(true);
    toast.dismiss(id);
    vi.advanceTimersByTime(1000);
    expect(toasts()).toHaveLength(0);
  });

  it(`shows at most ${TOAST_LIMIT}, newest first`, () => {
    for (let i = 0; i < 25; i++) toast(`n${i}`);
    expect(toasts()).toHaveLength(TOAST_LIMIT);
    expect(toasts()[0]!.message).toBe('n24');
  });
});
