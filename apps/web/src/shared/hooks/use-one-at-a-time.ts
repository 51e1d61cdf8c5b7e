import { useMemo, useRef } from 'react';

export interface OneAtATime {
  /** True when the action may start (and it is then running); false while it still runs. */
  start(): boolean;
  /** The action has ended, however it ended: the next one may start. */
  done(): void;
}

/**
 * One request however fast a button is pressed: a double click's second click arrives before React has
 * re-rendered the button disabled or pending, so the guard is a ref, read and set in the same click.
 */
export function useOneAtATime(): OneAtATime {
  const running = useRef(false);
  return useMemo(
    () => ({
      start: () => {
        if (running.current) return false;
        running.current = true;
        return true;
      },
      done: () => {
        running.current = false;
      },
    }),
    [],
  );
}
