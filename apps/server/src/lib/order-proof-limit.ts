/**
 * Tries at proving an order with its email (issue 23, item 10): Order Lookup and a guest's return, the
 * two doors where the number and the email are the proof, count in one window per order number AND
 * client (the rate limiter's `request.ip`, which TRUST_PROXY derives). Counted per order number alone,
 * a stranger who knew the number could keep its owner out of both for good; counted per client, the
 * owner at another address is never held back, and each source still gets only `max` guesses at one
 * order a minute, whichever door it knocks on. Guessing across order numbers is bounded by the
 * lookup's own per-client limit and, on the return, by the global one.
 */
import { normalizeOrderNumber } from './ids.ts';

/** The keyed limit's windows (plugins/rate-limit.ts `keyedRateLimit`), shared by both routes. */
export const ORDER_PROOF_TRIES = {
  name: 'order-proof:order-client',
  max: 10,
  timeWindow: 60_000,
} as const;

/** The key a try counts under: the normalised order number and the client's address. */
export function orderProofKey(orderNumber: string, clientIp: string): string {
  return `${normalizeOrderNumber(orderNumber)}|${clientIp}`;
}
