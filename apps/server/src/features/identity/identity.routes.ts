/**
 * The identity API the account page calls (built-in provider only):
 * POST /api/identity/change-password { email, connection: 'password' } emails a reset link. The answer
 * is the same whether or not an account uses that email.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestPasswordReset } from './accounts.service.ts';
import type { IdentityContext } from './identity-context.ts';

export const RESET_SENT_MESSAGE = "We've just sent you an email to reset your password.";

const changePasswordBody = z.object({
  email: z.string().trim().min(3).max(254),
  connection: z.string().default('password'),
});

export function identityApiRoutes(ctx: IdentityContext) {
  return async function routes(app: FastifyInstance) {
    app
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/identity/change-password',
        { schema: { body: changePasswordBody }, config: { rateLimit: { max: 10 } } },
        async (request, reply) => {
          if (request.body.connection !== 'password') {
            return reply.status(400).send({
              code: 'unsupported-connection',
              message: 'Only accounts with a password can reset it here.',
            });
          }
          await requestPasswordReset(ctx.db, request.body.email, ctx.mailing());
          return { message: RESET_SENT_MESSAGE };
        },
      );
  };
}
