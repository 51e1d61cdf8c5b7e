import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while rendering on the server (pages are rendered ahead of the browser) and while hydrating
 * that HTML, whose first render must match the server's; true otherwise. For what needs document (a
 * portal on document.body): render it once this is true.
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
