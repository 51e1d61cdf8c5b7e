/**
 * The browser's one-time sign-in (issue 23): confirming an email or choosing a new password ends every
 * sign-in of the account, and earns the browser that did it a ticket, kept in an HttpOnly cookie for
 * the provider's interaction pages only. The next sign-in this browser starts (the shop's "Go To
 * Account") uses it instead of asking for the password again; it works once, for 10 minutes.
 */
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SIGN_IN_TICKET_TTL_MS } from './account-links.service.ts';

export const SIGN_IN_TICKET_COOKIE = 'sunward_sign_in';
const COOKIE_PATH = '/oidc/interaction';

export function giveSignInTicket(reply: FastifyReply, siteUrl: string, ticket: string): void {
  reply.setCookie(SIGN_IN_TICKET_COOKIE, ticket, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: siteUrl.startsWith('https:'),
    maxAge: SIGN_IN_TICKET_TTL_MS / 1000,
  });
}

/** The ticket the browser holds, taken (the cookie is cleared whether or not it still works). */
export function takeSignInTicket(request: FastifyRequest, reply: FastifyReply): string | undefined {
  const ticket = request.cookies[SIGN_IN_TICKET_COOKIE];
  if (ticket === undefined) return undefined;
  reply.clearCookie(SIGN_IN_TICKET_COOKIE, { path: COOKIE_PATH });
  return ticket || undefined;
}

/**
 * The hosted forms that earn a ticket refuse a post from another site (a page elsewhere must not make
 * this browser sign in to its author's account). Browsers send Origin on every form post.
 */
export function crossSitePost(request: FastifyRequest, siteUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return request.headers['sec-fetch-site'] === 'cross-site';
  return origin !== new URL(siteUrl).origin;
}
