import { useCallback, useEffect, useState } from 'react';

/** Spec 9: the designs and gallery loading indicators wait for 30 images or 5 seconds. */
export const IMAGES_TO_WAIT_FOR = 30;
export const IMAGES_WAIT_MS = 5000;

export function useImagesLoaded(
  enabled: boolean,
  target = IMAGES_TO_WAIT_FOR,
  ms = IMAGES_WAIT_MS,
) {
  const [loaded, setLoaded] = useState(0);
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => setTimedOut(true), ms);
    return () => clearTimeout(timer);
  }, [enabled, ms]);
  const onImageDone = useCallback(() => setLoaded((n) => n + 1), []);
  return {
    loading: enabled && !timedOut && loaded < target,
    progress: Math.min(loaded / target, 1),
    onImageDone,
  };
}
