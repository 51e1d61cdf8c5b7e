/** The email a shopper gets when a payment could not become an order and was refunded in full. */
import { formatMoney } from '@sunward/core/money';

const esc = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function paymentRefundedEmail(
  input: { name: string; amount: number; why: string },
  shop: { name: string; siteUrl: string; supportEmail?: string },
) {
  const subject = `${shop.name}: your payment of ${formatMoney(input.amount)} was refunded`;
  const lines = [
    `Hello ${input.name || 'there'},`,
    '',
    `We could not complete your order: ${input.why}`,
    `Your payment of ${formatMoney(input.amount)} has been refunded in full. Depending on your bank, it shows on your card within 5 to 10 business days.`,
    '',
    `We are sorry for the trouble. You can place the order again at ${shop.siteUrl}/bag.`,
    '',
    shop.name,
  ];
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:560px;margin:0 auto;padding:24px">
${lines.map((l) => (l === '' ? '' : `<p style="margin:0 0 12px">${esc(l)}</p>`)).join('\n')}
</body></html>`;
  return { subject, html, text: lines.join('\n') };
}
