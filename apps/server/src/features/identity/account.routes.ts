/**
 * The account pages reached from emails and the sign-in page, at /oidc/account: forgot password,
 * reset password (from the emailed link), and the email confirmation (from its link: the account's
 * password proves the address with it), which redirects to the storefront's /user-verification-result.
 * Proving an address either way ends every earlier sign-in of the account and gives this browser a
 * one-time sign-in (sign-in-ticket.ts). Also the hosted pages' stylesheet.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  checkResetLink,
  checkVerifyLink,
  confirmEmail,
  requestPasswordReset,
  resetPassword,
} from './account-links.service.ts';
import { normalizeEmail } from './accounts.service.ts';
import { CONFIRM_EMAIL_PATH, confirmEmailPage } from './pages/account-pages.ts';
import { crossSitePost, giveSignInTicket } from './sign-in-ticket.ts';
import type { IdentityContext } from './identity-context.ts';
import { forgotPasswordPage, messagePage, resetPasswordPage } from './pages/identity-pages.ts';
import { pagesCss, STYLESHEET_PATH, PAGE_ROUTE, sendPage } from './pages/layout.ts';

type Form = Record<string, string | undefined>;
type Query = { Querystring: Record<string, string | undefined> };

export const VERIFIED_MESSAGE = 'Your email was verified. You can continue using the application.';
export const PASSWORD_CHANGED_MESSAGE =
  'Your new password is saved. Every device that was signed in to your account has been signed out; this browser signs in again from your account page.';

export function accountRoutes(ctx: IdentityContext) {
  return async function routes(app: FastifyInstance) {
    app.get(STYLESHEET_PATH, PAGE_ROUTE, (_request, reply) =>
      reply
        .header('content-type', 'text/css; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(pagesCss(ctx.shop().brand?.fontUrl)),
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
        await requestPasswordReset(ctx.db, normalizeEmail(email), ctx.mailing());
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

    /** A form posted from another site: nothing is changed. */
    const crossSite = (reply: FastifyReply) =>
      sendPage(
        reply,
        messagePage(ctx.shop(), {
          title: 'Form not accepted',
          message: `This form can only be sent from ${ctx.shop().shopName}'s own page. Open the link from your email again.`,
          status: 'error',
        }),
        403,
      );

    app.post<{ Body: Form }>('/oidc/account/reset-password', PAGE_ROUTE, async (request, reply) => {
      if (crossSitePost(request, ctx.shop().siteUrl)) return crossSite(reply);
      const token = request.body?.token ?? '';
      const result = await resetPassword(ctx.db, token, request.body?.password ?? '');
      if (result.ok) {
        giveSignInTicket(reply, ctx.shop().siteUrl, result.ticket);
        return sendPage(
          reply,
          messagePage(ctx.shop(), {
            title: 'Password changed',
            message: PASSWORD_CHANGED_MESSAGE,
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

    const verificationResult = (reply: FastifyReply, success: boolean, message: string) =>
      reply.header('cache-control', 'no-store').redirect(
        `${ctx.shop().siteUrl}/user-verification-result?${new URLSearchParams({
          success: String(success),
          message,
        })}`,
        303,
      );

    // The link only shows the page (mail scanners that open links change nothing); the password
    // confirms.
    app.get<Query>(CONFIRM_EMAIL_PATH, PAGE_ROUTE, async (request, reply) => {
      const token = request.query.token ?? '';
      const checked = await checkVerifyLink(ctx.db, token);
      if (!checked.ok) return verificationResult(reply, false, checked.message);
      if (checked.account.email_verified) return verificationResult(reply, true, VERIFIED_MESSAGE);
      return sendPage(reply, confirmEmailPage(ctx.shop(), { token, email: checked.account.email }));
    });

    app.post<{ Body: Form }>(CONFIRM_EMAIL_PATH, PAGE_ROUTE, async (request, reply) => {
      if (crossSitePost(request, ctx.shop().siteUrl)) return crossSite(reply);
      const token = request.body?.token ?? '';
      const result = await confirmEmail(ctx.db, {
        token,
        password: request.body?.password ?? '',
        ip: request.ip,
      });
      if (result.ok) {
        giveSignInTicket(reply, ctx.shop().siteUrl, result.ticket);
        return verificationResult(reply, true, VERIFIED_MESSAGE);
      }
      if (result.code === 'wrong-password' || result.code === 'throttled') {
        const checked = await checkVerifyLink(ctx.db, token);
        if (!checked.ok) return verificationResult(reply, false, checked.message);
        const page = confirmEmailPage(ctx.shop(), {
          token,
          email: checked.account.email,
          ...(result.code === 'throttled' ? { alert: result.message } : { error: result.message }),
        });
        return sendPage(reply, page, result.code === 'throttled' ? 429 : 401);
      }
      return verificationResult(reply, false, result.message);
    });
  };
}
