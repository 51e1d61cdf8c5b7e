/**
 * Who a request's bearer token speaks for (plugins/auth.ts checks the token and sets `request.user`).
 * A user is an identity at one issuer (`issuer` + `subject`); the customer it belongs to is found by
 * customers.service.ts.
 */
export interface AuthUser {
  /** The token's `iss`: the built-in provider (`${SITE_URL}/oidc`) or the outside issuer. */
  issuer: string;
  /** The token's `sub`: the user's id at that issuer. */
  subject: string;
  /** From the access token when it carries it, else from the issuer's userinfo (lowercased). */
  email?: string;
  /** Only true when the issuer says so (`email_verified: true`). */
  emailVerified: boolean;
  name?: string;
  /** The token's `iat` (seconds): a token issued before its identity was erased is refused. */
  issuedAt?: number;
}
