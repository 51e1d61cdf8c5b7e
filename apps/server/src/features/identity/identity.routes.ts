/**
 * The identity API the account page calls (built-in provider only):
 * - POST /api/identity/change-password { client_id?, email, connection: 'password' } emails a reset
 *   link (the body of Auth0's /dbconnections/change_password, so the storefront sends the same request
 *   to either). The answer is the same whether or not an account uses that email.
 * - POST /api/identity/verification-email (bearer) sends the caller's verification link again.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, errorResponses } from '../../lib/http-errors.ts';
import { requestPasswordReset, resendVerification } from './account-links.service.ts';
import type { IdentityContext } from './identity-context.ts';
import { DEFAULT_CLIENT_ID } from './oidc-configuration.ts';

export const RESET_SENT_MESSAGE = "We've just sent you an email to reset your password.";
export const VERIFICATION_SENT_MESSAGE = 'We sent you a new verification link. Check your email.';
export const ALREADY_VERIFIED_MESSAGE = 'Your email is already verified.';

const changePasswordBody = z.object({
  client_id: z.string().max(255).optional(),
  email: z.string().trim().min(3).max(254),
  connection: z.string().default('password'),
});
const MessageAnswer = z.object({ message: z.string() });

const failure = (status: number, code: string, message: string) =>
  new HttpError(status, message, undefined, { code });

export function identityApiRoutes(ctx: IdentityContext) {
  return async function routes(app: FastifyInstance) {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.post(
      '/identity/change-password',
      {
        schema: {
          tags: ['identity'],
          summary: 'Email a password-reset link (built-in provider)',
          description:
            "Auth0's /dbconnections/change_password body: `client_id` (the storefront's, when sent), " +
            '`email` and `connection` (only `password`). The answer is the same for an unknown email.',
          body: changePasswordBody,
          response: {
            200: MessageAnswer,
            ...errorResponses({ 'unsupported-connection': 400, 'unknown-client': 400 }),
          },
        },
        config: { rateLimit: { max: 10 } },
      },
      async (request) => {
        const { client_id: clientId, connection, email } = request.body;
        if (clientId !== undefined && clientId !== DEFAULT_CLIENT_ID) {
          throw failure(400, 'unknown-client', 'This client cannot ask for a reset email.');
        }
        if (connection !== 'password') {
          throw failure(
            400,
            'unsupported-connection',
            'Only accounts with a password can reset it here.',
          );
        }
        await requestPasswordReset(ctx.db, email, ctx.mailing());
        return { message: RESET_SENT_MESSAGE };
      },
    );

    routes.post(
      '/identity/verification-email',
      {
        schema: {
          tags: ['identity'],
          summary: "Send the caller's email verification link again (built-in provider)",
          description:
            'Bearer token of the built-in provider required. A new link is emailed unless the email is ' +
            'already verified; at most one a minute (429 with the seconds to wait).',
          security: [{ bearerAuth: [] }],
          response: {
            200: MessageAnswer,
            ...errorResponses(
              { 'not-found': 404, 'too-soon': 429 },
              { unauthorized: 401, invalid_token: 401 },
            ),
          },
        },
        config: { requireUser: true, rateLimit: { max: 10 } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const user = request.user;
        const ownIssuer = `${ctx.shop().siteUrl}/oidc`;
        if (!user || user.issuer !== ownIssuer) {
          throw failure(404, 'not-found', 'This account is not one of the shop’s own.');
        }
        const result = await resendVerification(ctx.db, user.subject, ctx.mailing());
        if (!result.ok) {
          if (result.code === 'too-soon') reply.header('retry-after', result.retryAfterSeconds);
          throw failure(result.code === 'too-soon' ? 429 : 404, result.code, result.message);
        }
        return {
          message: result.status === 'sent' ? VERIFICATION_SENT_MESSAGE : ALREADY_VERIFIED_MESSAGE,
        };
      },
    );
  };
}
