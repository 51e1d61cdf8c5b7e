/**
 * Bearer tokens for the API (issue 12, part 3; docs/decisions/014): a route with
 * `config: { requireUser: true }` (or the `app.requireUser` hook) answers 401 unless the request carries
 * an access token that features/identity/access-tokens.ts accepts (issuer, audience, algorithm, type and
 * expiry pinned; for the built-in provider, a sign-in not ended since); `requireOperator` adds 403
 * unless the caller's customer is an operator with a proven email.
 *
 * A missing token: 401 `{ message, code: 'unauthorized' }` with `WWW-Authenticate: Bearer`. A token that
 * fails any check: 401 `{ message, code: 'invalid_token' }` with
 * `WWW-Authenticate: Bearer error="invalid_token", error_description="…"` (RFC 6750). The issuer's keys
 * out of reach: 503 `auth_unavailable`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { forbidden, HttpError, unauthorized } from '../lib/http-errors.ts';
import type { AuthUser } from '../features/customers/auth-user.ts';
import {
  ADMIN_ROLE,
  customerRecord,
  resolveCustomer,
} from '../features/customers/customers.service.ts';
import type { Operator } from '../features/operators/operator.ts';
import {
  accessTokenVerifier,
  IssuerUnavailable,
  SignInEnded,
  TokenRefused,
} from '../features/identity/access-tokens.ts';
import { SIGN_IN_ENDED } from '../features/identity/account-sessions.ts';

export const OPERATORS_ONLY = "This is for the shop's operators only.";

export const INVALID_TOKEN_MESSAGE =
  'Your sign-in has expired or is not valid. Please sign in again.';

declare module 'fastify' {
  interface FastifyRequest {
    /** The bearer token's user on routes that ask for one (`requireUser`); null elsewhere. */
    user: AuthUser | null;
    /** The operator making the request on operator routes (`requireOperator`); null elsewhere. */
    operator: Operator | null;
  }
  interface FastifyInstance {
    /** An onRequest/preHandler hook: 401 unless the request has a valid bearer token; sets request.user. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * An onRequest hook: `requireUser`, then 403 unless the caller's customer has the admin role; sets
     * request.operator. Every /api/admin route and PATCH /api/orders/status run it.
     */
    requireOperator: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Checks an access token; throws TokenRefused or IssuerUnavailable. */
    verifyAccessToken: (token: string) => Promise<AuthUser>;
  }
  interface FastifyContextConfig {
    /** The route needs a signed-in user (a valid bearer token): see plugins/auth.ts. */
    requireUser?: boolean;
    /** The route is for operators only (a valid bearer token of a customer with the admin role). */
    requireOperator?: boolean;
  }
}

/** The token of `Authorization: Bearer <token>`; undefined when there is no bearer credential. */
function bearerToken(header: string | undefined): string | undefined {
  const match = header ? /^Bearer(?:\s+(.*))?$/i.exec(header.trim()) : null;
  return match ? (match[1] ?? '').trim() : undefined;
}

/** RFC 6750's quoted-string: no quotes or backslashes inside. */
const quoted = (text: string) => `"${text.replace(/["\\]/g, "'")}"`;

/**
 * Decorates the request with `user`, the app with `requireUser` and `verifyAccessToken`, and gives every
 * route with `config: { requireUser: true }` the check (after the security headers and the rate limit).
 * Call before the routes are registered.
 */
export function registerAuth(app: FastifyInstance, config: Config): void {
  const verify = accessTokenVerifier(config, app.db);
  app.decorateRequest('user', null);
  app.decorate('verifyAccessToken', verify);

  const requireUser = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const token = bearerToken(request.headers.authorization);
    if (token === undefined) {
      reply.header('www-authenticate', 'Bearer');
      throw unauthorized();
    }
    try {
      if (!token) throw new TokenRefused('The bearer token is empty.');
      request.user = await verify(token);
    } catch (err) {
      if (err instanceof TokenRefused) {
        request.log.info({ reason: err.message }, 'access token refused');
        reply.header(
          'www-authenticate',
          `Bearer error="invalid_token", error_description=${quoted(err.message)}`,
        );
        const message = err instanceof SignInEnded ? SIGN_IN_ENDED : INVALID_TOKEN_MESSAGE;
        throw new HttpError(401, message, undefined, { code: 'invalid_token' });
      }
      if (err instanceof IssuerUnavailable) {
        request.log.error({ err }, 'access tokens cannot be checked');
        throw new HttpError(
          503,
          'Sign-in cannot be checked right now. Please try again in a moment.',
          undefined,
          { code: 'auth_unavailable' },
        );
      }
      throw err;
    }
  };
  app.decorate('requireUser', requireUser);

  app.decorateRequest('operator', null);
  const requireOperator = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await requireUser(request, reply);
    const user = request.user;
    if (!user) throw unauthorized();
    // The role is the database's, read on every request: a revoke takes effect at once. It counts only
    // for a sign-in whose email is proven, and is the customer's (issue 23): an account nobody has
    // confirmed is never an operator, whatever its roles say.
    const customer = await resolveCustomer(app.db, user, { adminEmails: config.adminEmails });
    const record = customerRecord(customer);
    const proven = user.emailVerified && record.email_verified && user.email === record.email;
    if (!proven || !record.roles.includes(ADMIN_ROLE)) {
      throw forbidden(OPERATORS_ONLY);
    }
    request.operator = { customerId: record.id, email: record.email, name: record.name };
  };
  app.decorate('requireOperator', requireOperator);

  app.addHook('onRoute', (route) => {
    const check = route.config?.requireOperator
      ? requireOperator
      : route.config?.requireUser
        ? requireUser
        : undefined;
    if (!check) return;
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [...own, check];
  });
}
