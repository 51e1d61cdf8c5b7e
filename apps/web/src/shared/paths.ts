import { generatePath, type PathParam } from 'react-router';

/** The parameters of a pattern: `/admin/orders/:orderNumber` takes `{ orderNumber: string }`. */
export type PathParams<P extends string> = { [K in PathParam<P>]: string };

/** The arguments of a pattern's href(): none for a fixed path, its parameters otherwise. */
type HrefArgs<P extends string> = [PathParam<P>] extends [never] ? [] : [params: PathParams<P>];

/** A route: its pattern for the router, and href() building a URL from it (parameters URI-encoded). */
const route = <P extends string>(pattern: P) => ({
  pattern,
  href: (...[params]: HrefArgs<P>): string => generatePath<string>(pattern, params ?? {}),
});

/**
 * Every storefront and console URL, in one place (spec section 2, ARCHITECTURE.md): a pattern for the
 * router and an href builder for links. In the shared layer, so features link to pages they do not own.
 */
export const paths = {
  home: route('/'),
  designs: route('/designs'),
  design: route('/designs/:designName'),
  sizeGuide: route('/size-guide'),
  gallery: route('/gallery'),
  account: route('/account'),
  // Sign-in: where the identity provider sends the shopper back (and the silent renew frame's page).
  callback: route('/callback'),
  silentRenew: route('/silent-renew'),
  bag: route('/bag'),
  checkout: route('/checkout'),
  success: {
    pattern: '/success',
    href: (paymentIntent?: string) =>
      paymentIntent ? `/success?payment_intent=${encodeURIComponent(paymentIntent)}` : '/success',
  },
  orderLookup: route('/order-lookup'),
  return: route('/return'),
  returnConfirmation: route('/return/confirmation'),
  support: route('/support'),
  dataRequest: route('/data-request'),
  // Where the data request's emailed link lands: it proves the email is the requester's (decision 053).
  dataRequestConfirm: route('/data-request/confirm'),
  userVerificationResult: {
    pattern: '/user-verification-result',
    href: (params?: { message: string; success: boolean }) =>
      params
        ? `/user-verification-result?${new URLSearchParams({
            message: params.message,
            success: String(params.success),
          })}`
        : '/user-verification-result',
  },
  unsubscribe: route('/unsubscribe'),
  // A buyer's review of an order's designs (issue 29): by the emailed link's token, or signed in.
  review: {
    pattern: '/review',
    href: (proof: { token: string } | { order: string }) => `/review?${new URLSearchParams(proof)}`,
  },
  errorPage: route('/error-page'),
  returnPolicy: route('/return-policy'),
  privacyPolicy: route('/privacy-policy'),
  termsOfUse: route('/terms-of-use'),
  // The operator console (issue 15): one area under /admin, its own layout and chunks.
  console: route('/admin'),
  consoleOrders: route('/admin/orders'),
  consoleOrder: route('/admin/orders/:orderNumber'),
  consolePackingSlip: route('/admin/orders/:orderNumber/packing-slip'),
  consoleReturns: route('/admin/returns'),
  consoleReturn: route('/admin/returns/:returnId'),
  consoleCatalog: route('/admin/catalog'),
  consoleSettings: route('/admin/settings'),
  consoleInbox: route('/admin/inbox'),
  consoleSupportMessage: route('/admin/inbox/support/:id'),
  consoleDataRequest: route('/admin/inbox/data-requests/:id'),
  consoleCustomers: route('/admin/customers'),
  consoleCustomer: route('/admin/customers/:customerId'),
  // A guest buyer (no account), by one of their orders' ids (decision 053).
  consoleGuest: route('/admin/customers/guest/:orderId'),
  consoleOutbox: route('/admin/outbox'),
  consoleErrors: route('/admin/errors'),
  consoleJobs: route('/admin/jobs'),
  consoleReconciliation: route('/admin/reconciliation'),
  consolePaymentPage: route('/admin/payment-page'),
  consoleCspReports: route('/admin/csp-reports'),
  consoleDiscounts: route('/admin/discounts'),
  consoleReviews: route('/admin/reviews'),
  consoleActivity: route('/admin/activity'),
} as const;

export type PathKey = keyof typeof paths;
