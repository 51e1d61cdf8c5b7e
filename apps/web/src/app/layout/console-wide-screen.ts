import { useSyncExternalStore } from 'react';

/** The console's side bar shows from this width; below it, a menu button opens the same list. */
export const CONSOLE_WIDE = '(min-width: 992px)';

/** Whether the window is at least that wide, following resizes (wide where matchMedia is missing). */
export function useWideScreen(query: string = CONSOLE_WIDE): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof matchMedia !== 'function') return () => undefined;
      const list = matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof matchMedia === 'function' ? matchMedia(query).matches : true),
  );
}
