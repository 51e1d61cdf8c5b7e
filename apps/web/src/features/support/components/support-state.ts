/** What /support needs in its navigation state (spec 2): the order, and where the shopper came from. */
export interface SupportState {
  orderNumber: string;
  /** A path on this site to go back to; null when the state has none (or names another site). */
  previousUrl: string | null;
}

/** The page's state, or null when it has no order number (the page then sends the shopper away). */
export function readSupportState(state: unknown): SupportState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { orderNumber, previousUrl } = state as Record<string, unknown>;
  if (typeof orderNumber !== 'string' || orderNumber.trim() === '') return null;
  // Only a path on this site: never a link to somewhere else (`//host`, `https://…`).
  const local =
    typeof previousUrl === 'string' && previousUrl.startsWith('/') && !previousUrl.startsWith('//');
  return { orderNumber: orderNumber.trim(), previousUrl: local ? previousUrl : null };
}
