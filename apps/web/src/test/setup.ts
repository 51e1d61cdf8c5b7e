import { afterEach, vi } from 'vitest';
import { act, cleanup } from '@testing-library/react';
import { initialAuthState, useAuthStore } from '@/shared/auth/auth-store.ts';
import { useBagStore } from '@/shared/bag/bag-store.ts';
import { useToastStore } from '@/shared/toast/toast-store.ts';

afterEach(async () => {
  cleanup();
  // Server-side render tests run in Node, without storage.
  if (typeof localStorage !== 'undefined') localStorage.clear();
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
  vi.unstubAllGlobals();
  await act(async () => {
    // Signed out again (a test may have signed in): the bag is the guest's, read from storage.
    useAuthStore.setState(initialAuthState());
    await useBagStore.getState().hydrate();
    useToastStore.setState({ toasts: [] });
  });
});
