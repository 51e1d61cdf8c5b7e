import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, FIRST_PAINT_WAIT_MS } from './after-first-paint.ts';

/** A window whose paint timing the test reports by hand. */
function fakeWindow(supportsPaint = true) {
  const observers: Array<{ callback: PerformanceObserverCallback; disconnected: boolean }> = [];
  class FakeObserver {
    static supportedEntryTypes = supportsPaint ? ['paint', 'largest-contentful-paint'] : ['mark'];
    entry: { callback: PerformanceObserverCallback; disconnected: boolean };
    constructor(callback: PerformanceObserverCallback) {
      this.entry = { callback, disconnected: false };
      observers.push(this.entry);
    }
    observe() {}
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  const win = { PerformanceObserver: FakeObserver, setTimeout } as unknown as Window &
    typeof globalThis;
  const paint = (name: string) => {
    for (const o of observers.filter((x) => !x.disconnected)) {
      const list = {
        getEntriesByName: (n: string) => (n === name ? [{ name }] : []),
      } as unknown as PerformanceObserverEntryList;
      o.callback(list, {} as PerformanceObserver);
    }
  };
  return { win, paint, observers };
}

describe('afterFirstPaint', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once the first contentful paint is reported, not at the first paint, and only once', () => {
    const { win, paint, observers } = fakeWindow();
    const run = vi.fn();
    afterFirstPaint(run, win);
    expect(run).not.toHaveBeenCalled();
    paint('first-paint');
    expect(run).not.toHaveBeenCalled();
    paint('first-contentful-paint');
    expect(run).toHaveBeenCalledTimes(1);
    expect(observers[0]!.disconnected).toBe(true);
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs after the wait when no paint is reported (a background tab), once', () => {
    const { win, paint } = fakeWindow();
    const run = vi.fn();
    afterFirstPaint(run, win);
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS - 1);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    paint('first-contentful-paint');
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs after the wait in a browser without paint timing', () => {
    const { win, observers } = fakeWindow(false);
    const run = vi.fn();
    afterFirstPaint(run, win);
    expect(observers).toHaveLength(0);
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
