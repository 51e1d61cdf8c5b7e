import { useCallback, useState } from 'react';

/**
 * A fresh idempotency key for one operator action (a click and its retries share it, so a double click
 * or a retried request is one change). getRandomValues works outside secure contexts too (the console
 * opened over plain http on a shop's LAN address, where crypto.randomUUID is missing).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The idempotency key of the action being prepared (a note, a refund): kept while the same action is
 * sent again, renewed once it is done, so the next one is a new action.
 */
export function useIdempotencyKey() {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  return [key, renew] as const;
}
