/**
 * What the shop needs from a label provider (return labels, issue 14; the shop's own shipping labels,
 * issue 27 item 1, decision 039), the contract both implementations keep:
 * the embedded sandbox label (sandbox-label.provider.ts, a real PDF plainly marked as a sandbox label)
 * and USPS's returns label API (usps-label.provider.ts, Labels 3.0). plugins/providers.ts picks one;
 * features receive it as `app.labels` and never construct it.
 *
 * Expected failures (USPS down, an address it refuses) come back as values; a thrown error is a defect.
 */
import type { Failure, Result } from '../../lib/result.ts';

/** A US address as a label prints it. `name` is a person's name or a company's. */
export interface LabelAddress {
  name: string;
  line1: string;
  line2: string;
  city: string;
  /** Two-letter state code. */
  state: string;
  /** Five-digit ZIP code (a ZIP+4 is cut to its first five). */
  zip: string;
}

export interface ReturnLabelRequest {
  /** The customer sending the parcel back: the order's shipping address. */
  from: LabelAddress;
  /** The shop's return address (the returnAddress setting). */
  to: LabelAddress;
  /** The order's number, printed on the label so the parcel is matched when it arrives. */
  orderNumber: string;
  /** The parcel's weight in ounces (the returned shirts as packed). */
  weightOz: number;
  /** The day the label is made, ISO date (USPS's mailingDate). */
  mailingDate: string;
}

export interface ReturnLabel {
  trackingNumber: string;
  /** The label as a PDF document. */
  pdf: Uint8Array;
}

/** No label this time; `reason` (the provider's words) is for the log, not the customer. */
export type LabelFailure = Failure<'label_unavailable', { reason: string }>;

/** A shipping label the shop buys for an order (decision 039): the shop's address to the customer's. */
export interface OutboundLabelRequest {
  /** The shop's return address (the returnAddress setting), printed as FROM. */
  from: LabelAddress;
  /** The order's shipping address, as the address check answered it. */
  to: LabelAddress;
  orderNumber: string;
  /** The parcel's weight in ounces (the shirts as packed). */
  weightOz: number;
  /** The day the label is made, ISO date. */
  mailingDate: string;
  /**
   * The purchase's key (`order:<id>:label:<attempt>`): a provider that replays keys (`replaysKeys`)
   * answers the same label when asked again with it.
   */
  idempotencyKey: string;
}

export interface OutboundLabel {
  trackingNumber: string;
  /** Postage paid, cents. */
  postage: number;
  /** The label as a PDF document (one 4 x 6 inch page). */
  pdf: Uint8Array;
}

/**
 * No label: `refused` means the carrier said no (a bad address, the account) and nothing was bought;
 * `no_answer` means it did not answer (a timeout, a 5xx) and may have bought one.
 */
export type BuyLabelFailure =
  Failure<'label_refused', { reason: string }> | Failure<'label_no_answer', { reason: string }>;

/** What a void did to the postage: refunded now, refund requested (USPS decides later), or none. */
export type LabelRefund = 'refunded' | 'requested' | 'none';

/** The carrier would not void (scanned already, or it did not answer): the label stands. */
export type VoidLabelFailure = Failure<'void_refused', { reason: string }>;

export interface LabelProvider {
  readonly name: 'sandbox' | 'usps-api';
  /** Whether asking `buyLabel` again with a key answers the label made with it (no second label). */
  readonly replaysKeys: boolean;
  createReturnLabel(request: ReturnLabelRequest): Promise<Result<ReturnLabel, LabelFailure>>;
  buyLabel(request: OutboundLabelRequest): Promise<Result<OutboundLabel, BuyLabelFailure>>;
  voidLabel(trackingNumber: string): Promise<Result<{ refund: LabelRefund }, VoidLabelFailure>>;
}

/** What a customer reads when no label can be made just now (the label is tried again later). */
export const LABEL_UNAVAILABLE =
  'We could not make your return label just now. Please try again in a few minutes.';
