/**
 * The provider's interaction pages at /oidc/interaction/:uid: sign in, create account, cancel. Forms
 * post back to the interaction's own URL; oidc-provider's interaction cookie (SameSite=Lax, bound to
 * the uid) is the CSRF protection. A finished interaction redirects back into the provider, with the
 * account's session epoch the sign-in was checked at (account-sessions.ts). A browser holding a
 * one-time sign-in (sign-in-ticket.ts) is signed in without the form.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InteractionResults } from 'oidc-provider';
import { errors } from 'oidc-provider';
import { signIn, signUp } from './accounts.service.ts';
import { redeemSignInTicket } from './account-links.service.ts';
import type { AccountRow } from './identity.table.ts';
import { checkEmailPage } from './pages/account-pages.ts';
import { takeSignInTicket } from './sign-in-ticket.ts';
import type { IdentityContext } from './identity-context.ts';
import { PAGE_ROUTE, sendPage } from './pages/layout.ts';
import { messagePage, signInPage, signUpPage } from './pages/identity-pages.ts';

type Form = Record<string, string | undefined>;

/** The interaction's result for a signed-in account: who, and the epoch the sign-in was checked at. */
const signedIn = (account: AccountRow): InteractionResults => ({
  login: { accountId: account.id },
  epoch: account.session_epoch,
});
type WithUid = { Params: { uid: string } };

export function interactionRoutes(ctx: IdentityContext) {
  return async function routes(app: FastifyInstance) {
    /**
     * The interaction, or a page that says it expired (a stale tab, cookies cleared, or a form posted
     * to another interaction's address than the one its cookie names).
     */
    async function details(request: FastifyRequest<WithUid>, reply: FastifyReply) {
      const provider = await ctx.provider();
      try {
        const found = await provider.interactionDetails(request.raw, reply.raw);
        if (found.uid !== request.params.uid)
          throw new errors.SessionNotFound('another interaction');
        return found;
      } catch (err) {
        if (!(err instanceof errors.SessionNotFound)) throw err;
        await sendPage(
          reply,
          messagePage(ctx.shop(), {
            title: 'Sign-in expired',
            message: 'This sign-in page has expired. Please start again from the shop.',
            link: { href: `${ctx.shop().siteUrl}/account`, label: 'Sign in again' },
            status: 'error',
          }),
          400,
        );
        return undefined;
      }
    }

    async function finish(
      request: FastifyRequest,
      reply: FastifyReply,
      result: InteractionResults,
    ) {
      const provider = await ctx.provider();
      const to = await provider.interactionResult(request.raw, reply.raw, result, {
        mergeWithLastSubmission: false,
      });
      return reply.header('cache-control', 'no-store').redirect(to, 303);
    }

    app.get<WithUid>('/oidc/interaction/:uid', PAGE_ROUTE, async (request, reply) => {
      const found = await details(request, reply);
      if (!found) return reply;
      if (found.prompt.name !== 'login') {
        // The first-party client never needs consent (loadExistingGrant); anything else is refused.
        return finish(request, reply, {
          error: 'access_denied',
          error_description: `The ${found.prompt.name} prompt is not supported`,
        });
      }
      const ticket = takeSignInTicket(request, reply);
      const ticketed = ticket ? await redeemSignInTicket(ctx.db, ticket) : undefined;
      if (ticketed) return finish(request, reply, signedIn(ticketed));
      const hint =
        typeof found.params.login_hint === 'string' ? found.params.login_hint : undefined;
      return sendPage(reply, signInPage(ctx.shop(), { uid: found.uid, email: hint }));
    });

    app.post<WithUid & { Body: Form }>(
      '/oidc/interaction/:uid/login',
      PAGE_ROUTE,
      async (request, reply) => {
        const found = await details(request, reply);
        if (!found) return reply;
        const email = request.body?.email ?? '';
        const result = await signIn(ctx.db, {
          email,
          password: request.body?.password ?? '',
          ip: request.ip,
        });
        if (result.ok) return finish(request, reply, signedIn(result.account));
        const page =
          result.code === 'throttled'
            ? signInPage(ctx.shop(), { uid: found.uid, email, alert: result.message })
            : signInPage(ctx.shop(), {
                uid: found.uid,
                email,
                errors: { password: result.message },
              });
        return sendPage(reply, page, result.code === 'throttled' ? 429 : 401);
      },
    );

    app.get<WithUid>('/oidc/interaction/:uid/signup', PAGE_ROUTE, async (request, reply) => {
      const found = await details(request, reply);
      if (!found) return reply;
      return sendPage(reply, signUpPage(ctx.shop(), { uid: found.uid }));
    });

    app.post<WithUid & { Body: Form }>(
      '/oidc/interaction/:uid/signup',
      PAGE_ROUTE,
      async (request, reply) => {
        const found = await details(request, reply);
        if (!found) return reply;
        const input = {
          name: request.body?.name ?? '',
          email: request.body?.email ?? '',
          password: request.body?.password ?? '',
        };
        const result = await signUp(ctx.db, input, ctx.mailing());
        if (result.ok) {
          return sendPage(
            reply,
            checkEmailPage(ctx.shop(), { uid: found.uid, email: result.email }),
          );
        }
        const errors = result.field ? { [result.field]: result.message } : {};
        return sendPage(
          reply,
          signUpPage(ctx.shop(), { uid: found.uid, name: input.name, email: input.email, errors }),
          400,
        );
      },
    );

    app.get<WithUid>('/oidc/interaction/:uid/abort', PAGE_ROUTE, async (request, reply) => {
      const found = await details(request, reply);
      if (!found) return reply;
      return finish(request, reply, {
        error: 'access_denied',
        error_description: 'The shopper cancelled the sign-in',
      });
    });
  };
}
