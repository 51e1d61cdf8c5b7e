/**
 * The export of everything the shop holds on a customer (issue 15, item 6; the CCPA's right to know),
 * as one JSON document the console downloads: their customer record, sign-in identities and built-in
 * account (never a password hash or a secret), orders with items, history, refunds and returns,
 * checkouts, bag, support messages with the replies, data requests, and every email sent to them with
 * its bodies. This file writes the document's head and records the export; each section is written by
 * the feature that owns its rows, its part of the personal-data registry (lib/personal-data.ts;
 * decision 032), in the registry's order. Exporting is recorded as an operator action (counts only:
 * the record holds no personal data).
 */
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { sectionRecords, type Located, type PersonalData } from '../../lib/personal-data.ts';
import { fail, ok, type Result } from '../../lib/result.ts';
import { type Operator, recordOperatorAction } from '../operators/operators.api.ts';
import { loadSettings } from '../settings/settings.api.ts';
import { customersPersonalData } from './customer-personal-data.ts';
import type { CustomerNotFound } from './admin-customers.service.ts';

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

interface ExportFile {
  document: ExportDocument;
  filename: string;
}

/**
 * The document of what the parts found (its head, `head`, then every part's sections in order),
 * recorded as an operator action on `target` (counts only: the record holds no personal data), and
 * the file's name, `<target type>-<target id>-<date>.json`.
 */
async function exportLocated(
  db: Db,
  personalData: PersonalData,
  operator: Operator,
  located: Located,
  shop: { siteUrl: string },
  target: { type: string; id: string },
  head: Record<string, unknown>,
  now: Date,
): Promise<ExportFile> {
  const [sections, settings] = await Promise.all([
    personalData.export(db, located),
    loadSettings(db),
  ]);
  const exportedAt = now.toISOString();
  const document: ExportDocument = {
    format: EXPORT_FORMAT,
    version: 1,
    exportedAt,
    shop: { name: settings.shopName, site: shop.siteUrl },
    about: ABOUT,
    ...head,
    ...sections,
  };
  await recordOperatorAction(db, operator, {
    action: `${target.type}.export`,
    targetType: target.type,
    targetId: target.id,
    detail: {
      orders: sectionRecords(sections, 'orders').length,
      emails: sectionRecords(sections, 'emails').length,
      supportMessages: sectionRecords(sections, 'supportMessages').length,
    },
    at: exportedAt,
  });
  return { document, filename: `${target.type}-${target.id}-${exportedAt.slice(0, 10)}.json` };
}

/** The export document (a plain object, written as JSON by the route). */
export async function exportCustomer(
  db: Db,
  personalData: PersonalData,
  operator: Operator,
  customerId: string,
  shop: { siteUrl: string },
  now: Date = new Date(),
): Promise<Result<ExportFile, CustomerNotFound>> {
  const located = await personalData.locate(db, customerId);
  if (!located.of(customersPersonalData).customer) {
    return fail('not_found', 'We could not find this customer.');
  }
  const target = { type: 'customer', id: customerId };
  return ok(await exportLocated(db, personalData, operator, located, shop, target, {}, now));
}

/**
 * Everything kept under `email` (lowercase), which its owner proved (decision 053: a data request's
 * emailed link): the records kept without a customer (guest orders and checkouts) and those sent from
 * or to the address, found as for a customer whose verified email it is. Recorded as an operator
 * action on `target`, the data request.
 */
export async function exportByEmail(
  db: Db,
  personalData: PersonalData,
  operator: Operator,
  email: string,
  target: { type: string; id: string },
  shop: { siteUrl: string },
  now: Date = new Date(),
): Promise<ExportFile> {
  // An id that owns nothing: a guest has no customer record.
  const located = await personalData.locate(db, newId('cus'), email);
  const head = { provenEmail: email, requestedBy: target };
  return exportLocated(db, personalData, operator, located, shop, target, head, now);
}
