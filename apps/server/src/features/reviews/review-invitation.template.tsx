/**
 * The review invitation (decision 048), a few days after an order's delivery: the designs received and
 * a button to the order's review page. The link signs the buyer in to that order's review only.
 */
import { designTitle } from '@sunward/core/designs';
import { sizeLabel } from '@sunward/core/sizes';
import {
  ButtonLink,
  EmailHeading,
  EmailLayout,
  Lines,
  Paragraph,
  renderEmail,
  type ShopIdentity,
} from '../email/email.api.ts';

export interface ReviewInvitation {
  orderNumber: string;
  /** The buyer's name as shipped to, or null. */
  name: string | null;
  designs: readonly { design: string; size: string }[];
  /** The signed link to the order's review page. */
  reviewUrl: string;
}

export function reviewInvitationEmail(invitation: ReviewInvitation, shop: ShopIdentity) {
  const subject = `How do your ${shop.name} shirts fit?`;
  return renderEmail(
    subject,
    <EmailLayout shop={shop} subject={subject}>
      <EmailHeading>How Do They Fit?</EmailHeading>
      <Paragraph>Hello {invitation.name || 'there'},</Paragraph>
      <Paragraph>
        Your order {invitation.orderNumber} was delivered. Tell other shoppers how your shirts fit:
        your review shows on the design with the mark Verified buyer.
      </Paragraph>
      <Paragraph>
        <Lines
          lines={invitation.designs.map((d) => `${designTitle(d.design)}, ${sizeLabel(d.size)}`)}
        />
      </Paragraph>
      <ButtonLink href={invitation.reviewUrl}>Review your shirts</ButtonLink>
      <Paragraph>
        The link is for you alone: it lets whoever opens it review this order's designs, once each.
      </Paragraph>
    </EmailLayout>,
  );
}
