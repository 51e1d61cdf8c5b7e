/**
 * The back-in-stock email (decision 050): the size the shopper asked about is on sale again, a button
 * to the design's page, and the footer of the emails one can unsubscribe from (postal address,
 * unsubscribe link).
 */
import type { ReturnAddress } from '@sunward/core/settings';
import { sizeLabel } from '@sunward/core/sizes';
import {
  ButtonLink,
  EmailHeading,
  EmailLayout,
  Paragraph,
  renderEmail,
  type ShopIdentity,
} from '../email/email.api.ts';
import { MarketingFooter } from './marketing-footer.tsx';

export interface BackInStockNotice {
  designTitle: string;
  size: string;
  /** The design's page. */
  designUrl: string;
  /** The signed unsubscribe page of the address. */
  unsubscribeUrl: string;
  /** The shop's postal address (the returnAddress setting). */
  postalAddress: ReturnAddress;
}

export function backInStockEmail(notice: BackInStockNotice, shop: ShopIdentity) {
  const size = sizeLabel(notice.size);
  const subject = `${notice.designTitle} in ${size} is back in stock`;
  return renderEmail(
    subject,
    <EmailLayout
      shop={shop}
      subject={subject}
      footer={
        <MarketingFooter
          postalAddress={notice.postalAddress}
          why={`You get this email because you asked to hear when ${size} was back.`}
          unsubscribeUrl={notice.unsubscribeUrl}
        />
      }
    >
      <EmailHeading>Your Size Is Back</EmailHeading>
      <Paragraph>
        {`You asked us to tell you when the ${notice.designTitle} sun shirt in ${size} was back in stock. It is on sale again now, while it lasts.`}
      </Paragraph>
      <ButtonLink href={notice.designUrl}>{`See ${notice.designTitle}`}</ButtonLink>
      <Paragraph>This is the only email we send for this request.</Paragraph>
    </EmailLayout>,
  );
}
