/** The order-confirmation email: HTML (inline styles, table layout) and plain text. */
import { formatMoney } from '@sunward/core/money';
import { sizeInfo, isSizeCode } from '@sunward/core/sizes';
import { designTitle } from '@sunward/core/designs';
import type { Order } from '@sunward/core/checkout-schemas';

const esc = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function addressLines(a: Order['shipping']['address']): string[] {
  return [a.line1, a.line2, `${a.city}, ${a.state} ${a.postal_code}`].filter(
    (l) => l.trim() !== '',
  );
}

function productLabel(p: Order['products'][number]): string {
  const size = isSizeCode(p.size) ? sizeInfo(p.size).label : p.size;
  return `${designTitle(p.design)} sun shirt, ${size}, ${p.position}`;
}

export function orderConfirmationEmail(order: Order, shop: { name: string; siteUrl: string }) {
  const subject = `${shop.name} order ${order.orderNumber} confirmed`;
  const rows: [string, number][] = [
    ['Subtotal', order.subTotal],
    ['Shipping', order.shippingRate],
    ...(order.salesTax > 0 ? ([['Sales tax', order.salesTax]] as [string, number][]) : []),
    ['Total', order.total],
  ];
  const text = [
    `Thank you for your purchase, ${order.billing.name}!`,
    '',
    `Order number: ${order.orderNumber}`,
    '',
    ...order.products.map(
      (p) => `${p.quantity} x ${productLabel(p)}  ${formatMoney(p.productCost * p.quantity)}`,
    ),
    '',
    ...rows.map(([label, cents]) => `${label}: ${formatMoney(cents)}`),
    '',
    'Shipping to:',
    order.shipping.name,
    ...addressLines(order.shipping.address),
    '',
    order.billing.card.brand
      ? `Paid with ${order.billing.card.brand} ending in ${order.billing.card.last4}.`
      : '',
    `Look up your order at ${shop.siteUrl}/order-lookup with your order number and email.`,
    '',
    shop.name,
  ].join('\n');

  const td = 'padding:8px 0;border-bottom:1px solid #e5e7eb;font-size:14px;';
  const productRows = order.products
    .map(
      (p) =>
        `<tr><td style="${td}">${p.quantity} &times; ${esc(productLabel(p))}</td>` +
        `<td style="${td}text-align:right;">${formatMoney(p.productCost * p.quantity)}</td></tr>`,
    )
    .join('');
  const totalRows = rows
    .map(
      ([label, cents]) =>
        `<tr><td style="padding:4px 0;font-size:14px;${label === 'Total' ? 'font-weight:bold;' : ''}">${label}</td>` +
        `<td style="padding:4px 0;font-size:14px;text-align:right;${label === 'Total' ? 'font-weight:bold;' : ''}">${formatMoney(cents)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f8;">
<tr><td align="center" style="padding:24px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;">
<tr><td style="padding:24px 32px;background:#0b5cad;color:#ffffff;font-size:22px;font-weight:bold;border-radius:8px 8px 0 0;">${esc(shop.name)}</td></tr>
<tr><td style="padding:24px 32px;">
<h1 style="font-size:20px;margin:0 0 8px;">Thank You For Your Purchase!</h1>
<p style="font-size:14px;margin:0 0 16px;">Hi ${esc(order.billing.name)}, we have your order <strong>${esc(order.orderNumber)}</strong>.</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${productRows}</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin-top:12px;">${totalRows}</table>
<h2 style="font-size:16px;margin:24px 0 4px;">Shipping to</h2>
<p style="font-size:14px;margin:0;">${[order.shipping.name, ...addressLines(order.shipping.address)].map(esc).join('<br>')}</p>
${order.billing.card.brand ? `<p style="font-size:14px;margin:16px 0 0;">Paid with ${esc(order.billing.card.brand)} ending in ${esc(order.billing.card.last4 ?? '')}.</p>` : ''}
<p style="font-size:14px;margin:24px 0 0;"><a href="${esc(shop.siteUrl)}/order-lookup" style="color:#0b5cad;">Look up your order</a> with your order number and email.</p>
</td></tr>
</table>
</td></tr>
</table>
</body></html>
`;
  return { subject, html, text };
}
