import { useCallback, useState } from 'react';

/** A new random key: the same one is sent again by a retry or a double click of one action. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
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
