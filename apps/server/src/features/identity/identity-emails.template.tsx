/**
 * The identity provider's emails: verify an address, reset a password, an address that already has an
 * account; in the shop's email template system (decision 043), a button and the link written out.
 */
import {
  ButtonLink,
  EmailHeading,
  EmailLayout,
  Paragraph,
  renderEmail,
} from '../email/email.api.ts';

interface Shop {
  name: string;
  siteUrl: string;
}

function linkEmail(
  shop: Shop,
  subject: string,
  heading: string,
  lines: string[],
  link: { href: string; label: string },
) {
  return renderEmail(
    subject,
    <EmailLayout shop={shop} subject={subject}>
      <EmailHeading>{heading}</EmailHeading>
      {lines.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
      <ButtonLink href={link.href}>{link.label}</ButtonLink>
    </EmailLayout>,
  );
}

export function verifyEmailEmail(shop: Shop, to: { name: string }, link: string) {
  return linkEmail(
    shop,
    `Confirm your email for ${shop.name}`,
    'Confirm your email',
    [
      `Hello ${to.name},`,
      `Please confirm that this is your email address. The link works once and expires in 24 hours.`,
      `If you did not create an account at ${shop.name}, ignore this email.`,
    ],
    { href: link, label: 'Confirm email' },
  );
}

export function resetPasswordEmail(shop: Shop, to: { name: string }, link: string) {
  return linkEmail(
    shop,
    `Reset your ${shop.name} password`,
    'Reset your password',
    [
      `Hello ${to.name},`,
      `Someone asked to reset the password of your ${shop.name} account. The link works once and expires in 1 hour.`,
      `If it was not you, ignore this email: your password stays as it is.`,
    ],
    { href: link, label: 'Choose a new password' },
  );
}

/**
 * To the owner of an address someone tried to sign up with (issue 23): the sign-up page said the same
 * as for a new address, so this is how the owner learns of it, and how an owner whose address a
 * stranger took first gets the account (a new password proves the address and signs everyone else out).
 */
export function accountExistsEmail(
  shop: Shop,
  to: { name: string; email_verified: number },
  link: string,
) {
  return linkEmail(
    shop,
    `Your ${shop.name} account`,
    'You already have an account',
    [
      `Hello,`,
      `Someone, perhaps you, asked to create an account at ${shop.name} with this email address. It already has an account, so nothing new was made.`,
      to.email_verified
        ? `If it was you, sign in at ${shop.siteUrl}/account with your password, or choose a new password with the link below. It works once and expires in 1 hour.`
        : `Nobody has confirmed this address for that account yet. If it is yours, choose a password with the link below: that confirms the address, makes the account yours and signs out anyone else. The link works once and expires in 1 hour.`,
      `If it was not you, ignore this email: nothing changes.`,
    ],
    { href: link, label: 'Choose a new password' },
  );
}
