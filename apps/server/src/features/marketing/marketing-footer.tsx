/**
 * The footer every email the shopper can unsubscribe from carries (decision 044; the back-in-stock
 * email of decision 050 too): the shop's postal address, why the email came, and the unsubscribe link
 * (the same URL the List-Unsubscribe header names).
 */
import type { ReturnAddress } from '@sunward/core/settings';
import { EmailLink, Paragraph } from '../email/email.api.ts';

const SMALL = { fontSize: '12px', color: '#6b7280' } as const;

export function postalLine(a: ReturnAddress): string {
  return [a.company, a.line1, `${a.city}, ${a.state} ${a.zip}`].join(', ');
}

export function MarketingFooter(props: {
  postalAddress: ReturnAddress;
  /** Why this address gets the email, one sentence. */
  why: string;
  unsubscribeUrl: string;
}) {
  return (
    <>
      <Paragraph style={{ ...SMALL, margin: '8px 0 4px' }}>
        {postalLine(props.postalAddress)}
      </Paragraph>
      <Paragraph style={{ ...SMALL, margin: 0 }}>
        {props.why} <EmailLink href={props.unsubscribeUrl}>Unsubscribe</EmailLink>
      </Paragraph>
    </>
  );
}
