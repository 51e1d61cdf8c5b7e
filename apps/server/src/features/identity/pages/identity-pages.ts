/** The hosted pages: sign in, create account, forgot and reset password, sign out, and messages. */
import { PASSWORD_MAX, PASSWORD_MIN } from '../passwords.ts';
import type { BrandAssets } from './brand-assets.ts';
import { alert, escapeHtml, field, layout } from './layout.ts';

export interface PageShop {
  shopName: string;
  siteUrl: string;
  /** The storefront's brand mark and typeface, when the shop is built. */
  brand?: BrandAssets;
}
type Errors = Partial<Record<'name' | 'email' | 'password', string>>;

const PASSWORD_HINT = `${PASSWORD_MIN} or more characters. A phrase of a few words is easy to remember.`;

export function interactionPath(uid: string, action = ''): string {
  return `/oidc/interaction/${encodeURIComponent(uid)}${action ? `/${action}` : ''}`;
}

export function signInPage(
  shop: PageShop,
  input: { uid: string; email?: string; errors?: Errors; alert?: string; notice?: string },
): string {
  const errors = input.errors ?? {};
  const body = `<h1>Sign in</h1>
<p class="lead">Welcome back to ${escapeHtml(shop.shopName)}.</p>
${alert(input.notice, 'info')}${alert(input.alert)}
<form method="post" action="${interactionPath(input.uid, 'login')}" novalidate>
${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: input.email, error: errors.email, autofocus: !input.email })}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', error: errors.password, autofocus: !!input.email && !errors.email })}
<button class="button" type="submit">Sign in</button>
</form>
<ul class="links">
<li><a href="/oidc/account/forgot-password?uid=${encodeURIComponent(input.uid)}">Forgot your password?</a></li>
<li>New here? <a href="${interactionPath(input.uid, 'signup')}">Create an account</a></li>
<li><a href="${interactionPath(input.uid, 'abort')}">Cancel and go back to the shop</a></li>
</ul>`;
  return layout({ ...shop, title: 'Sign in', body });
}

export function signUpPage(
  shop: PageShop,
  input: { uid: string; name?: string; email?: string; errors?: Errors },
): string {
  const errors = input.errors ?? {};
  const body = `<h1>Create account</h1>
<p class="lead">Save your details and see your orders in one place.</p>
<form method="post" action="${interactionPath(input.uid, 'signup')}" novalidate>
${field({ name: 'name', label: 'Name', type: 'text', autocomplete: 'name', value: input.name, error: errors.name, maxlength: 100, autofocus: Object.keys(errors).length === 0 })}
${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: input.email, error: errors.email })}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', error: errors.password, hint: PASSWORD_HINT, minlength: PASSWORD_MIN, maxlength: PASSWORD_MAX })}
<button class="button" type="submit">Create account</button>
</form>
<ul class="links">
<li>Already have an account? <a href="${interactionPath(input.uid)}">Sign in</a></li>
</ul>`;
  return layout({ ...shop, title: 'Create account', body });
}

export function forgotPasswordPage(
  shop: PageShop,
  input: { uid?: string; email?: string; error?: string; sent?: boolean },
): string {
  const back = input.uid
    ? `<li><a href="${interactionPath(input.uid)}">Back to sign in</a></li>`
    : `<li><a href="${escapeHtml(shop.siteUrl)}/account">Back to sign in</a></li>`;
  const uidField = input.uid
    ? `<input type="hidden" name="uid" value="${escapeHtml(input.uid)}">`
    : '';
  const form = input.sent
    ? alert(
        `If an account uses ${input.email ?? 'that address'}, we have sent it a link to choose a new password. The link works once, for 1 hour.`,
        'info',
      )
    : `<form method="post" action="/oidc/account/forgot-password" novalidate>
${uidField}
${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: input.email, error: input.error, autofocus: true })}
<button class="button" type="submit">Send reset link</button>
</form>`;
  const body = `<h1>Forgot password</h1>
<p class="lead">Enter the email you signed up with and we will send you a link to choose a new password.</p>
${form}
<ul class="links">${back}</ul>`;
  return layout({ ...shop, title: 'Forgot password', body });
}

export function resetPasswordPage(
  shop: PageShop,
  input: { token: string; error?: string },
): string {
  const body = `<h1>Choose a new password</h1>
<p class="lead">This link works once.</p>
<form method="post" action="/oidc/account/reset-password" novalidate>
<input type="hidden" name="token" value="${escapeHtml(input.token)}">
${field({ name: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', error: input.error, hint: PASSWORD_HINT, minlength: PASSWORD_MIN, maxlength: PASSWORD_MAX, autofocus: true })}
<button class="button" type="submit">Save password</button>
</form>`;
  return layout({ ...shop, title: 'Reset password', body });
}

/** A short page that says what happened, with one way on. */
export function messagePage(
  shop: PageShop,
  input: {
    title: string;
    message: string;
    link?: { href: string; label: string };
    status?: 'error' | 'info';
  },
): string {
  const link = input.link
    ? `<a class="button" href="${escapeHtml(input.link.href)}">${escapeHtml(input.link.label)}</a>`
    : '';
  const body = `<h1>${escapeHtml(input.title)}</h1>
${alert(input.message, input.status ?? 'info')}
${link}`;
  return layout({ ...shop, title: input.title, body });
}

/**
 * Sign-out confirmation (oidc-provider's logoutSource): `form` is the provider's own form with its
 * CSRF field; the buttons submit it by its id, no script needed.
 */
export function signOutPage(shop: PageShop, form: string): string {
  const body = `<h1>Sign out</h1>
<p class="lead">Do you want to sign out of ${escapeHtml(shop.shopName)}?</p>
${form}
<button class="button" type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
<button class="button button-secondary" type="submit" form="op.logoutForm">Stay signed in</button>`;
  return layout({ ...shop, title: 'Sign out', body });
}
