/**
 * An operator's reply to a support message (the console's inbox), in the shop's email layout: the
 * reply, then the customer's message quoted, as a mail client quotes. Unlike the acknowledgement, it
 * quotes the message: an operator read it and chose to answer it, so the form cannot relay text to an
 * address of a stranger's choosing. Sent with Reply-To the support address.
 */
import { longDate, shopDatePlusDays } from '@sunward/core/support';
import { escapeHtml } from '../../lib/html.ts';
import { COLORS, emailLayout, heading, paragraph, type ShopIdentity } from '../email/email.api.ts';

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

const htmlLines = (text: string) => text.split('\n').map(escapeHtml).join('<br>');

export function supportReplyEmail(input: SupportReplyInput, shop: ShopIdentity) {
  const about = input.orderNumber ? ` about order ${input.orderNumber}` : '';
  const subject = `${shop.name}: a reply to your message${about}`;
  const wrote = `On ${longDate(shopDatePlusDays(new Date(input.original.createdAt), 0))} you wrote:`;
  const reference = `Your reference: ${input.id}.`;
  const answer = 'To write back, reply to this email.';
  const original = input.original.message.replace(/\r\n?/g, '\n');

  const html = [
    heading(`A Reply From ${shop.name}`),
    ...paragraphsOf(input.reply).map(
      (p) => `<p style="font-size:14px;margin:0 0 12px;">${htmlLines(p)}</p>`,
    ),
    paragraph(wrote, `margin-top:20px;color:${COLORS.muted};`),
    `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid ${COLORS.line};color:${COLORS.muted};font-size:14px;">${htmlLines(original)}</blockquote>`,
    paragraph(reference, `color:${COLORS.muted};`),
    paragraph(answer),
  ].join('\n');

  const text = [
    input.reply.trim(),
    '',
    wrote,
    ...original.split('\n').map((line) => `> ${line}`),
    '',
    reference,
    answer,
  ].join('\n');
  return emailLayout(shop, { subject, html, text });
}
