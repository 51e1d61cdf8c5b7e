/** The support forms' API URLs (spec 7). */
export const supportApiPaths = {
  support: () => '/api/support',
  dataRequest: () => '/api/support/data-request',
  dataRequestProof: () => '/api/support/data-request/proof',
} as const;
