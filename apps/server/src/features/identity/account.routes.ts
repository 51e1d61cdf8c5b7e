/**
 * The account pages reached from emails and the sign-in page, at /oidc/account: forgot password,
 * reset password (from the emailed link), and the email verification landing, which redirects to the
 * storefront's /user-verification-result. Also the hosted pages' stylesheet.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  checkResetLink,
  requestPasswordReset,
  resetPassword,
  verifyEmail,
} from './accounts.service.ts';
import type { IdentityContext } from './identity-context.ts';
import { forgotPasswordPage, messagePage, resetPasswordPage } from './pages/identity-pages.ts';
import { PAGES_CSS, STYLESHEET_PATH, PAGE_ROUTE, sendPage } from './pages/layout.ts';

type Form = Record<string, string | undefined>;
type Query = { Querystring: Record<string, string | undefined> };

export const VERIFIED_MESSAGE = 'Your email was verified. You can continue using the application.';

export function accountRoutes(ctx: IdentityContext) {
  return async function routes(app: FastifyInstance) {
    app.get(STYLESHEET_PATH, PAGE_ROUTE, (_request, reply) =>
      reply
        .header('content-type', 'text/css; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(PAGES_CSS),
    );

    app.get<Query>('/oidc/account/forgot-password', PAGE_ROUTE, (request, reply) =>
      sendPage(reply, forgotPasswordPage(ctx.shop(), { uid: request.query.uid })),
    );

    app.post<{ Body: Form }>(
      '/oidc/account/forgot-password',
      PAGE_ROUTE,
      async (request, reply) => {
        const email = (request.body?.email ?? '').trim();
        const uid = request.body?.uid || undefined;
        if (!email.includes('@')) {
          const error = 'Enter the email address you signed up with.';
          return sendPage(reply, forgotPasswordPage(ctx.shop(), { uid, email, error }), 400);
        }
        await requestPasswordReset(ctx.db, email, ctx.mailing());
        return sendPage(reply, forgotPasswordPage(ctx.shop(), { uid, email, sent: true }));
      },
    );

    const linkProblem = (reply: FastifyReply, message: string) =>
      sendPage(
        reply,
        messagePage(ctx.shop(), {
          title: 'Reset link not valid',
          message: `${message} You can ask for a new one.`,
          link: { href: '/oidc/account/forgot-password', label: 'Send a new link' },
          status: 'error',
        }),
        400,
      );

    app.get<Query>('/oidc/account/reset-password', PAGE_ROUTE, async (request, reply) => {
      const token = request.query.token ?? '';
      const checked = await checkResetLink(ctx.db, token);
      if (!checked.ok) return linkProblem(reply, checked.message);
      return sendPage(reply, resetPasswordPage(ctx.shop(), { token }));
    });

    app.post<{ Body: Form }>('/oidc/account/reset-password', PAGE_ROUTE, async (request, reply) => {
      const token = request.body?.token ?? '';
      const result = await resetPassword(ctx.db, token, request.body?.password ?? '');
      if (result.ok) {
        return sendPage(
          reply,
          messagePage(ctx.shop(), {
            title: 'Password changed',
            message: 'Your new password is saved. Use it the next time you sign in.',
            link: { href: `${ctx.shop().siteUrl}/account`, label: 'Go to your account' },
          }),
        );
      }
      if (result.code === 'invalid') {
        return sendPage(
          reply,
          resetPasswordPage(ctx.shop(), { token, error: result.message }),
          400,
        );
      }
      return linkProblem(reply, result.message);
    });

    app.get<Query>('/oidc/account/verify-email', PAGE_ROUTE, async (request, reply) => {
      const result = await verifyEmail(ctx.db, request.query.token ?? '');
      const params = new URLSearchParams(
        result.ok
          ? { success: 'true', message: VERIFIED_MESSAGE }
          : { success: 'false', message: result.message },
      );
      return reply
        .header('cache-control', 'no-store')
        .redirect(`${ctx.shop().siteUrl}/user-verification-result?${params}`, 303);
    });
  };
}
