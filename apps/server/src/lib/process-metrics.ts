import { collectDefaultMetrics, Registry } from 'prom-client';

let shared: Registry | undefined;

/**
 * The process's own metrics (docs/decisions/035): prom-client's default set (CPU, memory, heap, file
 * descriptors, event-loop lag from perf_hooks' `monitorEventLoopDelay`, garbage collections), in a
 * registry of the shop's own, never prom-client's global one.
 *
 * One per process, made on the first call and kept for the life of the process, because that is what
 * they measure: every app in the process runs on the same event loop and heap. prom-client gives no
 * way to stop what `collectDefaultMetrics` starts (the event-loop monitor's timer, the GC observer),
 * so one set per app would leave one more of each running for every app a test builds and closes.
 * Neither keeps the process alive (the monitor's timer is unreferenced).
 */
export function processMetrics(): Registry {
  if (shared === undefined) {
    shared = new Registry();
    collectDefaultMetrics({ register: shared });
  }
  return shared;
}
