/**
 * The frame of the provider's hosted pages: server-rendered HTML in the shop's look (colours and fonts
 * of apps/web's tokens.css), one static stylesheet, no script at all (the CSP stays strict).
 */
import type { FastifyReply } from 'fastify';
import type { BrandAssets } from './brand-assets.ts';
export const STYLESHEET_PATH = '/oidc/pages.css';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A hosted page: bad input is answered with a page, not JSON (plugins/input-guard.ts). */
    hostedPage?: boolean;
  }
}

/** Route options of the hosted pages: pages, not API operations, so kept out of the OpenAPI document. */
export const PAGE_ROUTE = { schema: { hide: true }, config: { hostedPage: true } };

/** Sends a hosted page: HTML, never cached (it carries a form for this interaction only). */
export function sendPage(reply: FastifyReply, body: string, status = 200) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(body);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function layout(input: {
  shopName: string;
  siteUrl: string;
  brand?: BrandAssets;
  title: string;
  body: string;
}): string {
  const shop = escapeHtml(input.shopName);
  const icon = input.brand?.iconUrl;
  // The header of the storefront: the brand mark, then the shop's name in its display face.
  const mark = icon
    ? `<img class="brand__mark" src="${escapeHtml(icon)}" alt="" width="36" height="36">`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(input.title)} - ${shop}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<header class="top"><a class="brand" href="${escapeHtml(input.siteUrl)}/">${mark}<span>${shop}</span></a></header>
<main class="card">
${input.body}
</main>
</body>
</html>
`;
}

export interface FieldInput {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  autocomplete: string;
  value?: string;
  error?: string;
  hint?: string;
  required?: boolean;
  minlength?: number;
  maxlength?: number;
  autofocus?: boolean;
}

/** A labelled input; its hint and error are tied to it with aria-describedby. */
export function field(f: FieldInput): string {
  const id = `field-${f.name}`;
  const described: string[] = [];
  const hint = f.hint ? `<p class="hint" id="${id}-hint">${escapeHtml(f.hint)}</p>` : '';
  if (f.hint) described.push(`${id}-hint`);
  const error = f.error ? `<p class="error" id="${id}-error">${escapeHtml(f.error)}</p>` : '';
  if (f.error) described.push(`${id}-error`);
  const attrs = [
    `id="${id}"`,
    `name="${f.name}"`,
    `type="${f.type}"`,
    `autocomplete="${f.autocomplete}"`,
    f.value !== undefined && f.type !== 'password' ? `value="${escapeHtml(f.value)}"` : '',
    f.required !== false ? 'required' : '',
    f.minlength ? `minlength="${f.minlength}"` : '',
    f.maxlength ? `maxlength="${f.maxlength}"` : '',
    f.error ? 'aria-invalid="true"' : '',
    described.length ? `aria-describedby="${described.join(' ')}"` : '',
    f.autofocus || f.error ? 'autofocus' : '',
    f.type === 'email' ? 'spellcheck="false" autocapitalize="none"' : '',
  ].filter(Boolean);
  return `<div class="field">
<label for="${id}">${escapeHtml(f.label)}</label>
${hint}<input ${attrs.join(' ')}>
${error}</div>`;
}

/** A message for the whole form (e.g. the slow-down), read out when the page loads. */
export function alert(message: string | undefined, kind: 'error' | 'info' = 'error'): string {
  if (!message) return '';
  return `<p class="alert alert-${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${escapeHtml(message)}</p>`;
}

const PAGES_CSS = `:root {
  --white: #ffffff; --light-grey: #f2f3f0; --mid-grey: #c9ccc6; --mid-grey-text: #5f655f;
  --dark-grey: #1d2321; --green: #17614a; --green-dark: #0f4635; --green-tint: #e3efe9;
  --yellow-tint: #fdf3d4; --danger: #c0262d; --line: #e1e3de; --radius: 8px; --radius-lg: 14px;
  --font-display: 'Oswald', 'Arial Narrow', 'Roboto Condensed', sans-serif-condensed, sans-serif;
  --font-body: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
}
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; background: var(--light-grey); color: var(--dark-grey);
  font-family: var(--font-body); font-size: 16px; line-height: 1.5; }
.top { background: var(--white); border-bottom: 1px solid var(--line); padding: 14px 16px; text-align: center; }
.brand { display: inline-flex; align-items: center; gap: 10px; font-family: var(--font-display);
  font-size: 26px; font-weight: 600; letter-spacing: 0.06em; text-transform: uppercase;
  color: var(--dark-grey); text-decoration: none; }
.brand__mark { display: block; width: 36px; height: 36px; border-radius: 4px; }
.card { background: var(--white); max-width: 440px; margin: 24px auto; padding: 24px 20px 28px;
  overflow-wrap: anywhere;
  border-radius: var(--radius-lg); box-shadow: 0 1px 2px rgb(20 24 27 / 0.06), 0 2px 8px rgb(20 24 27 / 0.06); }
@media (max-width: 499px) { .card { margin: 0; border-radius: 0; box-shadow: none; min-height: calc(100vh - 60px); } }
h1 { font-family: var(--font-display); font-weight: 600; font-size: 28px; line-height: 1.2; margin: 0 0 8px;
  text-transform: uppercase; letter-spacing: 0.02em; }
.lead { margin: 0 0 20px; color: var(--mid-grey-text); }
.field { margin: 0 0 16px; }
label { display: block; font-weight: 600; margin-bottom: 6px; }
input[type=text], input[type=email], input[type=password] { display: block; width: 100%; font: inherit;
  padding: 12px; min-height: 48px; border: 1px solid var(--mid-grey); border-radius: var(--radius);
  background: var(--white); color: var(--dark-grey); }
input[aria-invalid=true] { border-color: var(--danger); border-width: 2px; }
:focus-visible { outline: 3px solid var(--green); outline-offset: 2px; }
.hint { margin: 0 0 6px; font-size: 14px; color: var(--mid-grey-text); }
.error { margin: 6px 0 0; font-size: 14px; color: var(--danger); font-weight: 600; }
.alert { margin: 0 0 16px; padding: 12px; border-radius: var(--radius); font-weight: 600; }
.alert-error { background: #fbe9ea; color: var(--danger); border: 1px solid var(--danger); }
.alert-info { background: var(--green-tint); color: var(--green-dark); border: 1px solid var(--green); }
.button { display: block; width: 100%; min-height: 48px; padding: 12px 16px; font: inherit;
  font-family: var(--font-display); font-weight: 600; letter-spacing: 0.06em; text-transform: uppercase;
  text-align: center; text-decoration: none; border-radius: 999px; border: 2px solid var(--green);
  background: var(--green); color: var(--white); cursor: pointer; }
.button:hover { background: var(--green-dark); border-color: var(--green-dark); }
.button-secondary { background: var(--white); color: var(--green); margin-top: 12px; }
.button-secondary:hover { background: var(--green-tint); color: var(--green-dark); }
.links { margin: 20px 0 0; padding: 0; list-style: none; display: grid; gap: 10px; }
a { color: var(--green); font-weight: 600; }
a:hover { color: var(--green-dark); }
.small { font-size: 14px; color: var(--mid-grey-text); }
`;

/** The hosted pages' stylesheet, with the storefront's display face when the shop is built. */
export function pagesCss(fontUrl: string | null | undefined): string {
  const face = fontUrl
    ? `@font-face { font-family: 'Oswald'; font-style: normal; font-weight: 600; font-display: swap;
  src: url('${fontUrl.replace(/['\\\n]/g, '')}') format('woff2'); }
`
    : '';
  return face + PAGES_CSS;
}
