import { afterEach, vi } from 'vitest';
import { act, cleanup } from '@testing-library/react';
import { useBagStore } from '@/shared/bag/bag-store.ts';
import { useToastStore } from '@/shared/toast/toast-store.ts';

afterEach(async () => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  await act(async () => {
    await useBagStore.getState().hydrate();
    useToastStore.setState({ toasts: [] });
  });
});
