/**
 * The hosted pages of proving an address (issue 23): "check your email" after signing up, and the
 * confirmation link's page, which asks for the account's password.
 */
import { alert, escapeHtml, field, layout } from './layout.ts';
import { interactionPath, type PageShop } from './identity-pages.ts';

/** After signing up: the same page whether or not the address already had an account. */
export function checkEmailPage(shop: PageShop, input: { uid: string; email: string }): string {
  const body = `<h1>Check your email</h1>
${alert(`We sent a message to ${input.email}. Open the link in it to confirm your address and finish signing in.`, 'info')}
<p class="lead">The link works for 24 hours. If nothing arrives within a few minutes, look in your spam folder.</p>
<ul class="links">
<li>Already confirmed? <a href="${interactionPath(input.uid)}">Sign in</a></li>
</ul>`;
  return layout({ ...shop, title: 'Check your email', body });
}

export const CONFIRM_EMAIL_PATH = '/oidc/account/verify-email';

/**
 * The confirmation link's page: the address is proven together with the account's password, so the
 * owner of an address a stranger signed up with cannot confirm the stranger's account by a click.
 */
export function confirmEmailPage(
  shop: PageShop,
  input: { token: string; email: string; error?: string; alert?: string },
): string {
  const body = `<h1>Confirm your email</h1>
<p class="lead">Enter the password of the ${escapeHtml(shop.shopName)} account for <strong>${escapeHtml(input.email)}</strong> to confirm this address.</p>
${alert(input.alert)}
<form method="post" action="${CONFIRM_EMAIL_PATH}" novalidate>
<input type="hidden" name="token" value="${escapeHtml(input.token)}">
<input type="hidden" name="username" autocomplete="username" value="${escapeHtml(input.email)}">
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', error: input.error, autofocus: true })}
<button class="button" type="submit">Confirm email</button>
</form>
<ul class="links">
<li>Did not create this account, or forgot its password? <a href="/oidc/account/forgot-password">Choose a new password</a></li>
</ul>`;
  return layout({ ...shop, title: 'Confirm your email', body });
}
