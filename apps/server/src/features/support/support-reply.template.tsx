/**
 * An operator's reply to a support message (the console's inbox), in the shop's email layout: the
 * reply, then the customer's message quoted, as a mail client quotes. Unlike the acknowledgement, it
 * quotes the message: an operator read it and chose to answer it, so the form cannot relay text to an
 * address of a stranger's choosing. Sent with Reply-To the support address.
 */
import { longDate, shopDatePlusDays } from '@sunward/core/support';
import {
  COLORS,
  EmailHeading,
  EmailLayout,
  Lines,
  Paragraph,
  renderEmail,
  type ShopIdentity,
} from '../email/email.api.ts';

export interface SupportReplyInput {
  /** The support message's id (the customer's reference). */
  id: string;
  orderNumber: string | null;
  reply: string;
  original: { message: string; createdAt: string };
}

/** Paragraphs at blank lines; single line breaks kept. */
const paragraphsOf = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter((p) => p !== '');

export function supportReplyEmail(input: SupportReplyInput, shop: ShopIdentity) {
  const about = input.orderNumber ? ` about order ${input.orderNumber}` : '';
  const subject = `${shop.name}: a reply to your message${about}`;
  const wrote = `On ${longDate(shopDatePlusDays(new Date(input.original.createdAt), 0))} you wrote:`;
  const original = input.original.message.replace(/\r\n?/g, '\n');

  return renderEmail(
    subject,
    <EmailLayout shop={shop} subject={subject}>
      <EmailHeading>{`A Reply From ${shop.name}`}</EmailHeading>
      {paragraphsOf(input.reply).map((p, i) => (
        <Paragraph key={i}>
          <Lines lines={p.split('\n')} />
        </Paragraph>
      ))}
      <Paragraph style={{ marginTop: '20px', color: COLORS.muted }}>{wrote}</Paragraph>
      <blockquote
        style={{
          margin: '0 0 16px',
          padding: '8px 12px',
          borderLeft: `3px solid ${COLORS.line}`,
          color: COLORS.muted,
          fontSize: '14px',
        }}
      >
        <Lines lines={original.split('\n')} />
      </blockquote>
      <Paragraph style={{ color: COLORS.muted }}>Your reference: {input.id}.</Paragraph>
      <Paragraph>To write back, reply to this email.</Paragraph>
    </EmailLayout>,
  );
}
