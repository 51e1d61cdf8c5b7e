import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and during the browser's hydration of a prerendered page, true after it (and at
 * once in a page rendered only in the browser). What only the browser knows (the bag in localStorage,
 * the signed-in user) renders as the server rendered it until then, so hydration finds the same markup
 * (docs/decisions/025), and React then re-renders with the browser's state.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
