/** The identity provider's emails: verify an address, reset a password (HTML and plain text). */
const esc = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Shop {
  name: string;
}

function layout(
  shop: Shop,
  heading: string,
  lines: string[],
  link: { href: string; label: string },
) {
  const paragraphs = lines
    .map((l) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;">${esc(l)}</p>`)
    .join('');
  return `<!doctype html><html lang="en"><body style="margin:0;background:#f2f3f0;font-family:Arial,sans-serif;color:#1d2321;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:14px;">
<tr><td style="padding:28px;">
<p style="margin:0 0 20px;font-size:20px;font-weight:bold;color:#17614a;">${esc(shop.name)}</p>
<h1 style="margin:0 0 16px;font-size:22px;">${esc(heading)}</h1>
${paragraphs}
<p style="margin:24px 0;"><a href="${esc(link.href)}" style="display:inline-block;background:#17614a;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold;">${esc(link.label)}</a></p>
<p style="margin:0;font-size:13px;color:#5f655f;word-break:break-all;">Or open this link: ${esc(link.href)}</p>
</td></tr></table></td></tr></table></body></html>`;
}

export function verifyEmailEmail(shop: Shop, to: { name: string }, link: string) {
  const subject = `Confirm your email for ${shop.name}`;
  const lines = [
    `Hello ${to.name},`,
    `Please confirm that this is your email address. The link works once and expires in 24 hours.`,
    `If you did not create an account at ${shop.name}, ignore this email.`,
  ];
  return {
    subject,
    html: layout(shop, 'Confirm your email', lines, { href: link, label: 'Confirm email' }),
    text: [...lines, '', link, '', shop.name].join('\n'),
  };
}

export function resetPasswordEmail(shop: Shop, to: { name: string }, link: string) {
  const subject = `Reset your ${shop.name} password`;
  const lines = [
    `Hello ${to.name},`,
    `Someone asked to reset the password of your ${shop.name} account. The link works once and expires in 1 hour.`,
    `If it was not you, ignore this email: your password stays as it is.`,
  ];
  return {
    subject,
    html: layout(shop, 'Reset your password', lines, {
      href: link,
      label: 'Choose a new password',
    }),
    text: [...lines, '', link, '', shop.name].join('\n'),
  };
}

/**
 * To the owner of an address someone tried to sign up with (issue 23): the sign-up page said the same
 * as for a new address, so this is how the owner learns of it, and how an owner whose address a
 * stranger took first gets the account (a new password proves the address and signs everyone else out).
 */
export function accountExistsEmail(
  shop: Shop & { siteUrl: string },
  to: { name: string; email_verified: number },
  link: string,
) {
  const subject = `Your ${shop.name} account`;
  const lines = [
    `Hello,`,
    `Someone, perhaps you, asked to create an account at ${shop.name} with this email address. It already has an account, so nothing new was made.`,
    to.email_verified
      ? `If it was you, sign in at ${shop.siteUrl}/account with your password, or choose a new password with the link below. It works once and expires in 1 hour.`
      : `Nobody has confirmed this address for that account yet. If it is yours, choose a password with the link below: that confirms the address, makes the account yours and signs out anyone else. The link works once and expires in 1 hour.`,
    `If it was not you, ignore this email: nothing changes.`,
  ];
  return {
    subject,
    html: layout(shop, 'You already have an account', lines, {
      href: link,
      label: 'Choose a new password',
    }),
    text: [...lines, '', link, '', shop.name].join('\n'),
  };
}
