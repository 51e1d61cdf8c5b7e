/** How long to wait for a first paint that may never be reported (a tab opened in the background). */
export const FIRST_PAINT_WAIT_MS = 2000;

/**
 * Runs `run` once, after the page's first contentful paint has been presented (the browser's paint
 * timing), or after FIRST_PAINT_WAIT_MS if none is reported by then: a background tab paints nothing
 * until it is shown, and a browser without paint timing reports nothing.
 */
export function afterFirstPaint(run: () => void, win: Window & typeof globalThis = window): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    run();
  };
  let observer: PerformanceObserver | undefined;
  if (win.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    observer = new win.PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) once();
    });
    // buffered: a paint reported before this runs counts too.
    observer.observe({ type: 'paint', buffered: true });
  }
  win.setTimeout(once, FIRST_PAINT_WAIT_MS);
}
