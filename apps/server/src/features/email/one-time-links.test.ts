/** What the console shows of an email's text: one-time links hidden, everything else as it was. */
import { describe, expect, it } from 'vitest';
import { ONE_TIME_LINK_HIDDEN as HIDDEN } from '@sunward/core/console-outbox';
import { hideOneTimeLinks, ONE_TIME_LINK_KINDS } from './one-time-links.ts';

const RESET = 'https://shop.example/oidc/account/reset-password?token=Zm9vYmFy_-x';

describe('one-time links in the console', () => {
  it.each([
    // Kinds that carry one: every web address, in text and in HTML.
    ['reset-password', `Open it:\n\n${RESET}\n\nSunward`, `Open it:\n\n${HIDDEN}\n\nSunward`],
    [
      'verify-email',
      `<a href="${RESET}">Go</a> ${RESET}</p>`,
      `<a href="${HIDDEN}">Go</a> ${HIDDEN}</p>`,
    ],
    ['reset-password', 'see http://localhost:3000/any/page?x=1 now', `see ${HIDDEN} now`],
    ['reset-password', 'Hello Pat,', 'Hello Pat,'],
    // A data request's acknowledgement: its link proves the request's email (decision 053).
    [
      'data-request-received',
      'Confirm: https://shop.example/data-request/confirm?token=ZHJfMTox.abc_-',
      `Confirm: ${HIDDEN}`,
    ],
    // Any kind: a link to the one-time pages with a token, whatever host or case, or none.
    ['support-reply', `try ${RESET} again`, `try ${HIDDEN} again`],
    ['support-reply', 'a /oidc/account/verify-email?token=abc b', `a ${HIDDEN} b`],
    ['support-reply', 'x http://h/shop/oidc/account/verify-email/?TOKEN=abc', `x ${HIDDEN}`],
    [
      'support-reply',
      '<a href="http://h/oidc/account/reset-password?uid=1&#38;token=a">',
      `<a href="${HIDDEN}">`,
    ],
    ['support-reply', '(http://h/oidc/account/reset-password?token=a)', `(${HIDDEN})`],
    ['support-reply', `${RESET} ${RESET}`, `${HIDDEN} ${HIDDEN}`],
    // Left as they are: no token, another page, another kind's ordinary links.
    [
      'support-reply',
      'http://h/oidc/account/reset-password?uid=1',
      'http://h/oidc/account/reset-password?uid=1',
    ],
    [
      'support-reply',
      'http://h/oidc/account/forgot-password?token=a',
      'http://h/oidc/account/forgot-password?token=a',
    ],
    ['order-confirmation', 'http://h/order-lookup?order=AB12', 'http://h/order-lookup?order=AB12'],
  ])('%s: %j', (kind, text, shown) => {
    expect(hideOneTimeLinks(kind, text)).toBe(shown);
  });

  it('names the identity emails as kinds that carry one', () => {
    expect(ONE_TIME_LINK_KINDS).toEqual(expect.arrayContaining(['reset-password', 'verify-email']));
  });

  it('reads a long text in linear time', () => {
    const started = performance.now();
    hideOneTimeLinks('support-reply', '/'.repeat(200_000) + 'http://'.repeat(30_000));
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
