/**
 * One-time links in the console (issue 23, item 5). A password reset or an email confirmation acts as
 * the customer for whoever opens it first, so an operator reading the outbox must never see one: every
 * console answer (list, search, detail) shows ONE_TIME_LINK_HIDDEN in its place. What is stored and
 * sent is untouched: Re-send copies the stored email to its own recipient.
 */
import { ONE_TIME_LINK_HIDDEN } from '@sunward/core/console-outbox';

/**
 * The kinds of email that carry a one-time link (identity-emails.template.ts): every web address in
 * them is hidden. A new kind with such a link belongs here.
 */
export const ONE_TIME_LINK_KINDS: readonly string[] = [
  'reset-password',
  'verify-email',
  // "You already have an account", with a link to choose a new password (issue 23).
  'account-exists',
  // The review invitation: its link proves the order to whoever opens it (decision 048).
  'review-invitation',
  // The data request's acknowledgement: its link proves the request's email (decision 053).
  'data-request-received',
];

/** A web address as the templates write it, in text or in an HTML attribute (which escapes quotes). */
const WEB_ADDRESS = /https?:\/\/[^\s"'<>]+/gi;

/**
 * In any email, whatever its kind: a link to the provider's one-time pages, on any host or none (a
 * support reply may quote one), up to the end of its query (a bracket ends it: a token has none);
 * hidden when the query names a token. The
 * pattern starts at the path, a literal, and the link's start is found by stepping back over what may
 * precede it (a pattern trying each position as a link's start took 0.9 s on a run of 20,000 "/").
 */
const ACCOUNT_PAGE = /\/oidc\/account\/(?:reset-password|verify-email)\/?\?[^\s"'<>()]*/gi;
const LINK_CHAR = /[^\s"'<>()]/;

function hideAccountLinks(text: string): string {
  let shown = '';
  let from = 0;
  for (const match of text.matchAll(ACCOUNT_PAGE)) {
    if (!/token=/i.test(match[0])) continue;
    let start = match.index;
    while (start > from && LINK_CHAR.test(text[start - 1]!)) start--;
    shown += text.slice(from, start) + ONE_TIME_LINK_HIDDEN;
    from = match.index + match[0].length;
  }
  return shown + text.slice(from);
}

/** `text` (a subject, a body, HTML or plain) of an email of `kind`, as the console may show it. */
export function hideOneTimeLinks(kind: string, text: string): string {
  const shown = hideAccountLinks(text);
  return ONE_TIME_LINK_KINDS.includes(kind)
    ? shown.replace(WEB_ADDRESS, ONE_TIME_LINK_HIDDEN)
    : shown;
}
