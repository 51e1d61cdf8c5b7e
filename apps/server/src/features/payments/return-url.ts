/** The payment return URL (Stripe's scheme), shared by the sandbox and the checkout's confirm step. */

/** Stripe's return URL query: payment_intent, payment_intent_client_secret, redirect_status. */
export function returnUrlFor(
  base: string,
  intent: { id: string; client_secret: string },
  status: 'succeeded' | 'failed',
): string {
  const url = new URL(base);
  url.searchParams.set('payment_intent', intent.id);
  url.searchParams.set('payment_intent_client_secret', intent.client_secret);
  url.searchParams.set('redirect_status', status);
  return url.toString();
}

/** The return URL must lead back to the shop (or to a local dev server when the shop is local). */
export function returnUrlAllowed(returnUrl: string, siteUrl: string): boolean {
  try {
    const target = new URL(returnUrl);
    const site = new URL(siteUrl);
    if (target.origin === site.origin) return true;
    const local = (h: string) => h === 'localhost' || h === '127.0.0.1';
    return local(site.hostname) && local(target.hostname);
  } catch {
    return false;
  }
}
