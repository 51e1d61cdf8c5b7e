import { apiPaths } from './api-paths.ts';
import { sendJson } from './http.ts';

/** At most this many reports per page load and one per identical message, so a render loop cannot flood. */
const MAX_REPORTS = 10;
const sent = new Set<string>();

/**
 * Spec 7, POST /log-error: report an error. Fire and forget: the page never awaits it and a failed
 * report is swallowed (the server stores and rate-limits reports).
 */
export function logError(error: unknown, type = 'render'): void {
  const err = error instanceof Error ? error : new Error(String(error));
  const key = `${type}:${err.message}`;
  if (sent.size >= MAX_REPORTS || sent.has(key)) return;
  sent.add(key);
  const report = {
    type,
    message: (err.message || 'Unknown error').slice(0, 2000),
    stack: err.stack?.slice(0, 20_000),
    url: typeof location === 'undefined' ? undefined : location.href.slice(0, 2000),
  };
  void sendJson(apiPaths.logError(), report, { keepalive: true }).catch(() => undefined);
}

/** For tests. */
export function resetErrorLog(): void {
  sent.clear();
}
