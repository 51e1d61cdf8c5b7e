/**
 * The one layout of the shop's emails: a header with the shop's name, the body, and a footer with the
 * support address and a link to the site; HTML with inline styles (mail clients drop <style>) and the
 * same words as plain text. Each email (order confirmation, payment refunded; verification, cancel,
 * shipped, return, refund and support to come) supplies only its subject and body.
 */
import { escapeHtml } from '../../lib/html.ts';

/** Who the email is from: the shopName and supportEmail settings, and SITE_URL. */
export interface ShopIdentity {
  name: string;
  siteUrl: string;
  supportEmail: string;
}

export interface EmailMessage {
  subject: string;
  html: string;
  text: string;
}

export interface EmailBody {
  subject: string;
  /** The body's HTML, built with the helpers below (every piece of text escaped). */
  html: string;
  /** The same body as plain text. */
  text: string;
}

export const COLORS = { brand: '#0b5cad', text: '#1a1a1a', muted: '#6b7280', line: '#e5e7eb' };
const FONT = 'font-family:Arial,Helvetica,sans-serif;';

/** A heading, escaped. */
export const heading = (text: string) =>
  `<h1 style="font-size:20px;margin:0 0 8px;">${escapeHtml(text)}</h1>`;

/** A paragraph of text, escaped. */
export const paragraph = (text: string, style = '') =>
  `<p style="font-size:14px;margin:0 0 12px;${style}">${escapeHtml(text)}</p>`;

/** A link, escaped. */
export const link = (href: string, text: string) =>
  `<a href="${escapeHtml(href)}" style="color:${COLORS.brand};">${escapeHtml(text)}</a>`;

const host = (siteUrl: string) => siteUrl.replace(/^https?:\/\//, '');

export function emailLayout(shop: ShopIdentity, body: EmailBody): EmailMessage {
  const name = escapeHtml(shop.name);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(body.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f6f8;${FONT}color:${COLORS.text};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f8;">
<tr><td align="center" style="padding:24px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;">
<tr><td style="padding:24px 32px;background:${COLORS.brand};color:#ffffff;font-size:22px;font-weight:bold;border-radius:8px 8px 0 0;">${name}</td></tr>
<tr><td style="padding:24px 32px;">
${body.html}
</td></tr>
<tr><td style="padding:16px 32px 24px;border-top:1px solid ${COLORS.line};font-size:12px;color:${COLORS.muted};">
Questions? Write to ${link(`mailto:${shop.supportEmail}`, shop.supportEmail)}.<br>
${name} &middot; ${link(shop.siteUrl, host(shop.siteUrl))}
</td></tr>
</table>
</td></tr>
</table>
</body></html>
`;
  const text = [
    shop.name,
    '',
    body.text.trim(),
    '',
    '--',
    `Questions? Write to ${shop.supportEmail}.`,
    `${shop.name} · ${shop.siteUrl}`,
    '',
  ].join('\n');
  return { subject: body.subject, html, text };
}
