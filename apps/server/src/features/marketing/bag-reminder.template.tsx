/**
 * The one bag reminder (decision 044): the shirts left in the bag, a button back to it, and the
 * marketing footer every marketing email carries: the shop's postal address and the unsubscribe link.
 */
import { designTitle } from '@sunward/core/designs';
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

export interface BagReminderLine {
  design: string;
  size: string;
  position: string;
  quantity: number;
}

export interface BagReminder {
  lines: readonly BagReminderLine[];
  /** The signed link that puts these lines back in the bag. */
  bagUrl: string;
  /** The signed unsubscribe page of the address. */
  unsubscribeUrl: string;
  /** The shop's postal address (the returnAddress setting). */
  postalAddress: ReturnAddress;
}

export function bagReminderEmail(reminder: BagReminder, shop: ShopIdentity) {
  const subject = `Your ${shop.name} bag is waiting`;
  return renderEmail(
    subject,
    <EmailLayout
      shop={shop}
      subject={subject}
      footer={
        <MarketingFooter
          postalAddress={reminder.postalAddress}
          why="You get this email because you asked for a reminder at checkout."
          unsubscribeUrl={reminder.unsubscribeUrl}
        />
      }
    >
      <EmailHeading>You Left Something In Your Bag</EmailHeading>
      <Paragraph>You asked us to remind you: these are still in your bag.</Paragraph>
      {reminder.lines.map((line, i) => (
        <Paragraph key={i}>
          {`${line.quantity} × ${designTitle(line.design)} sun shirt, ${sizeLabel(line.size)}, ${line.position}`}
        </Paragraph>
      ))}
      <ButtonLink href={reminder.bagUrl}>Back to my bag</ButtonLink>
      <Paragraph>This is the only reminder we send for this bag.</Paragraph>
    </EmailLayout>,
  );
}
