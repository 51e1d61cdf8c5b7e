/**
 * What the shop needs from a return label provider (issue 14), the contract both implementations keep:
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

export interface LabelProvider {
  readonly name: 'sandbox' | 'usps-api';
  createReturnLabel(request: ReturnLabelRequest): Promise<Result<ReturnLabel, LabelFailure>>;
}

/** What a customer reads when no label can be made just now (the label is tried again later). */
export const LABEL_UNAVAILABLE =
  'We could not make your return label just now. Please try again in a few minutes.';
