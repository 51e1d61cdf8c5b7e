/**
 * Every storefront URL of spec section 2, in one place: a pattern for the router and an href builder for
 * links. A leaf module with no imports, so features may use it to link to pages they do not own.
 */
const route = <P extends string>(pattern: P) => ({ pattern, href: () => pattern });

export const paths = {
  home: route('/'),
  designs: route('/designs'),
  sizeGuide: route('/size-guide'),
  gallery: route('/gallery'),
  account: route('/account'),
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
  errorPage: route('/error-page'),
  returnPolicy: route('/return-policy'),
  privacyPolicy: route('/privacy-policy'),
  termsOfUse: route('/terms-of-use'),
} as const;

export type PathKey = keyof typeof paths;
