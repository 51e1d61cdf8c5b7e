/**
 * The export of everything the shop holds on a customer (issue 15, item 6; the CCPA's right to know),
 * as one JSON document the console downloads: their customer record, sign-in identities and built-in
 * account (never a password hash or a secret), orders with items, history, refunds and returns,
 * checkouts, bag, support messages with the replies, data requests, and every email sent to them with
 * its bodies. The records are those customer-footprint.ts finds. Exporting is recorded as an operator
 * action (counts only: the record holds no personal data).
 */
import type { Db } from '../../db/database.ts';
import { fail, ok, type Result } from '../../lib/result.ts';
import { type Operator, recordOperatorAction } from '../operators/operators.api.ts';
import { loadSettings } from '../settings/settings.api.ts';
import { hideOneTimeLinks } from '../email/email.api.ts';
import * as data from './customer-data.repository.ts';
import { loadFootprint, type Footprint } from './customer-footprint.ts';
import type { CustomerNotFound } from './admin-customers.service.ts';
import { rolesOf } from './customers.service.ts';

export const EXPORT_FORMAT = 'sunward-customer-export';

export type ExportDocument = Record<string, unknown> & {
  format: typeof EXPORT_FORMAT;
  version: number;
};

/** What the file says about itself and about what it cannot hold. */
const ABOUT = [
  'Everything this shop holds on the customer, as of exportedAt. Amounts are in US cents; times are UTC (ISO 8601).',
  'Card payments: the shop keeps only the card brand and its last four digits; the card itself stays with the payment processor.',
  'Passwords are kept only as one-way hashes and are not included.',
  "Error reports from the storefront (crashes in a shopper's browser) carry a page address and a browser name, and are not linked to any person, so none are included.",
];

const json = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const by = <T, K extends keyof T>(rows: T[], key: K) => {
  const map = new Map<T[K], T[]>();
  for (const row of rows) map.set(row[key], [...(map.get(row[key]) ?? []), row]);
  return (value: T[K]) => map.get(value) ?? [];
};

async function ordersOut(db: Db, footprint: Footprint) {
  const orderIds = footprint.orders.map((o) => o.id);
  const [items, events, refunds, returns] = await Promise.all([
    data.orderItemsOf(db, orderIds),
    data.orderEventsOf(db, orderIds),
    data.orderRefundsOf(db, orderIds),
    data.returnsOf(db, orderIds),
  ]);
  const returnIds = returns.map((r) => r.id);
  const [returnItems, labels] = await Promise.all([
    data.returnItemsOf(db, returnIds),
    data.returnLabelsOf(db, returnIds),
  ]);
  const [itemsOf, eventsOf, refundsOf, returnsOf] = [
    by(items, 'order_id'),
    by(events, 'order_id'),
    by(refunds, 'order_id'),
    by(returns, 'order_id'),
  ];
  const [returnItemsOf, labelsOf] = [by(returnItems, 'return_id'), by(labels, 'return_id')];
  return footprint.orders.map((o) => ({
    orderNumber: o.order_number,
    status: o.status,
    placedAt: o.created_at,
    updatedAt: o.updated_at,
    email: o.email,
    shipping: {
      name: o.shipping_name,
      address: json(o.shipping_address),
      option: o.shipping_option,
    },
    billing: {
      name: o.billing_name,
      phone: o.billing_phone,
      address: json(o.billing_address),
      card: { brand: o.card_brand, last4: o.card_last4 },
    },
    subtotal: o.subtotal,
    shippingCost: o.shipping,
    salesTax: o.sales_tax,
    total: o.total,
    amountRefunded: o.amount_refunded,
    carrier: o.carrier,
    tracking: o.tracking,
    items: itemsOf(o.id).map((i) => ({
      design: i.design,
      size: i.size,
      position: i.position,
      quantity: i.quantity,
      unitAmount: i.unit_amount,
      productId: i.product_id,
    })),
    history: eventsOf(o.id).map((e) => ({
      at: e.at,
      by: e.actor,
      from: e.from_status,
      to: e.to_status,
      reason: e.reason,
    })),
    refunds: refundsOf(o.id).map((r) => ({
      at: r.created_at,
      amount: r.amount,
      reason: r.reason,
      by: r.actor,
    })),
    returns: returnsOf(o.id).map((r) => ({
      id: r.public_id,
      number: r.seq,
      status: r.status,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      refundAmount: r.refund_amount,
      salesTaxRefund: r.sales_tax_refund,
      shippingFee: r.shipping_fee,
      label:
        labelsOf(r.id).map((l) => ({
          trackingNumber: l.tracking_number,
          createdAt: l.created_at,
        }))[0] ?? null,
      units: returnItemsOf(r.id).map((u) => ({
        unit: u.item_id,
        choice: u.return_type,
        reason: u.return_reason,
        design: u.design,
        size: u.size,
        position: u.position,
        exchangeSize: u.size_exchange,
        exchangePosition: u.position_exchange,
        cost: u.product_cost,
      })),
    })),
  }));
}

/** The export document (a plain object, written as JSON by the route). */
export async function exportCustomer(
  db: Db,
  operator: Operator,
  customerId: string,
  shop: { siteUrl: string },
  now: Date = new Date(),
): Promise<Result<{ document: ExportDocument; filename: string }, CustomerNotFound>> {
  const footprint = await loadFootprint(db, customerId);
  if (!footprint) return fail('not_found', 'We could not find this customer.');
  const { customer } = footprint;
  const supportIds = footprint.supportRequests.map((s) => s.id);
  const [orders, cart, replies, emails, settings] = await Promise.all([
    ordersOut(db, footprint),
    data.cartOf(db, customerId),
    data.supportRepliesOf(db, supportIds),
    data.emailsTo(db, footprint.addresses),
    loadSettings(db),
  ]);
  const repliesOf = by(replies, 'support_request_id');
  const exportedAt = now.toISOString();
  const document: ExportDocument = {
    format: EXPORT_FORMAT,
    version: 1,
    exportedAt,
    shop: { name: settings.shopName, site: shop.siteUrl },
    about: ABOUT,
    customer: {
      id: customer.id,
      email: customer.email,
      emailVerified: customer.email_verified === 1,
      name: customer.name,
      roles: rolesOf(customer),
      createdAt: customer.created_at,
      updatedAt: customer.updated_at,
      erasedAt: customer.erased_at,
    },
    signInIdentities: footprint.identities.map((i) => ({
      issuer: i.issuer,
      subject: i.subject,
      connection: i.connection,
      linkedAt: i.created_at,
    })),
    accounts: footprint.accounts.map((a) => ({
      email: a.email,
      name: a.name,
      emailVerified: a.email_verified === 1,
      createdAt: a.created_at,
      updatedAt: a.updated_at,
    })),
    orders,
    checkouts: footprint.checkouts.map((c) => ({
      status: c.status,
      email: c.email,
      shippingName: c.shipping_name,
      shippingAddress: json(c.shipping_address),
      shippingOption: c.shipping_option,
      lines: json(c.lines),
      subtotal: c.subtotal,
      shippingCost: c.shipping,
      salesTax: c.sales_tax,
      total: c.total,
      createdAt: c.created_at,
      updatedAt: c.updated_at,
    })),
    bag: cart ? { lines: json(cart.lines), updatedAt: cart.updated_at } : null,
    supportMessages: footprint.supportRequests.map((s) => ({
      id: s.id,
      sentAt: s.created_at,
      email: s.email,
      orderNumber: s.order_number,
      message: s.message,
      status: s.status,
      replies: repliesOf(s.id).map((r) => ({
        sentAt: r.created_at,
        to: r.to_address,
        text: r.body,
      })),
    })),
    dataRequests: footprint.dataRequests.map((d) => ({
      id: d.id,
      receivedAt: d.received_at,
      dueBy: d.due_by,
      email: d.email,
      message: d.message,
      status: d.status,
      completedAt: d.completed_at,
      note: d.completion_note,
    })),
    emails: emails.map((e) => ({
      id: e.id,
      kind: e.kind,
      to: e.to_address,
      // The operator downloads this: a live reset or confirmation link would let them act as the
      // customer (issue 23), so those links are hidden as in the console's outbox.
      subject: hideOneTimeLinks(e.kind, e.subject),
      status: e.status,
      queuedAt: e.created_at,
      sentAt: e.sent_at,
      text: hideOneTimeLinks(e.kind, e.text),
      html: hideOneTimeLinks(e.kind, e.html),
    })),
    errorReports: [],
  };
  await recordOperatorAction(db, operator, {
    action: 'customer.export',
    targetType: 'customer',
    targetId: customerId,
    detail: { orders: orders.length, emails: emails.length, supportMessages: supportIds.length },
    at: exportedAt,
  });
  return ok({ document, filename: `customer-${customerId}-${exportedAt.slice(0, 10)}.json` });
}
