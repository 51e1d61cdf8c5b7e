import { ID_TOKEN_LEEWAY_SECONDS } from './auth-constants.ts';

/** An ID token whose claims do not fit this shop (spec 8: issuer, audience and expiry mismatches). */
export class IdTokenError extends Error {
  override name = 'IdTokenError';
}

export interface IdTokenClaims {
  iss?: unknown;
  aud?: unknown;
  azp?: unknown;
  exp?: unknown;
  iat?: unknown;
}

const noSlash = (s: string) => s.replace(/\/+$/, '');

/**
 * Checks the ID token's claims after sign-in (the nonce and the subject are the library's part): the
 * issuer, the audience (this client; `azp` when there are several), the expiry and the issue time, both
 * with the spec's 60 s leeway. Throws an IdTokenError naming the claim.
 */
export function checkIdToken(
  claims: IdTokenClaims,
  expected: { issuer: string; clientId: string },
  nowSeconds = Math.floor(Date.now() / 1000),
  leeway = ID_TOKEN_LEEWAY_SECONDS,
): void {
  const { iss, aud, azp, exp, iat } = claims;
  if (typeof iss !== 'string' || noSlash(iss) !== noSlash(expected.issuer)) {
    throw new IdTokenError(
      `Issuer (iss) claim mismatch in the ID token; expected "${expected.issuer}", found "${String(iss)}"`,
    );
  }
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (!audiences.includes(expected.clientId)) {
    throw new IdTokenError(
      `Audience (aud) claim mismatch in the ID token; expected "${expected.clientId}" but was not one of "${audiences.join(', ')}"`,
    );
  }
  if (audiences.length > 1 && azp !== expected.clientId) {
    throw new IdTokenError(
      `Authorized Party (azp) claim mismatch in the ID token; expected "${expected.clientId}", found "${String(azp)}"`,
    );
  }
  if (typeof exp !== 'number' || nowSeconds > exp + leeway) {
    throw new IdTokenError(
      `Expiration Time (exp) claim error in the ID token; current time (${nowSeconds}) is after expiration time (${String(exp)})`,
    );
  }
  if (typeof iat !== 'number' || iat > nowSeconds + leeway) {
    throw new IdTokenError(
      `Issued At (iat) claim error in the ID token; current time (${nowSeconds}) is before issued-at time (${String(iat)})`,
    );
  }
}
