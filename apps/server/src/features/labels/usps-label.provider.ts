/**
 * Return labels from USPS (Domestic Labels 3.0, https://developers.usps.com): `POST
 * /labels/v3/return-label` with the OAuth token of the USPS client (features/usps/usps-api.client.ts,
 * shared through its `call`) and a payment authorization token (Payments 3.0, `POST
 * /payments/v3/payment-authorization` for the shop's EPS account: USPS charges a returns label when it
 * is used, not when it is made). Selected when the USPS credentials and the payment account are set
 * (plugins/providers.ts).
 *
 * USPS answers multipart/form-data: a `returnLabelMetadata` part (JSON with `trackingNumber`) and a
 * `returnLabelImage` part holding the PDF, Base64-encoded; with `Accept: application/vnd.usps.labels+json`
 * it answers the same fields in one JSON body. Both are read.
 */
import { fail, ok } from '../../lib/result.ts';
import type {
  LabelAddress,
  LabelProvider,
  OutboundLabelRequest,
  ReturnLabelRequest,
} from './label-provider.ts';

/** The authorised call of the USPS client: its OAuth token, renewed on a 401. */
export interface UspsCaller {
  call(path: string, init?: RequestInit): Promise<Response>;
}

/** The shop's USPS payment account (USPS_CRID, USPS_MID, USPS_MANIFEST_MID, USPS_EPS_ACCOUNT). */
export interface UspsPaymentAccount {
  crid: string;
  mid: string;
  manifestMid: string;
  epsAccount: string;
}

/** Payments 3.0 tokens last 8 hours; one is renewed after 7, or at once when USPS refuses it. */
const PAYMENT_TOKEN_MS = 7 * 3600_000;

/** A label USPS did not make; `reason` is for the log. */
const unavailable = (reason: string) =>
  fail('label_unavailable', 'USPS did not make the return label.', { reason });

/** USPS wants a person's first and last name, or a firm. */
function person(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/);
  const lastName = words.length > 1 ? words.pop()! : '';
  return { firstName: words.join(' '), lastName };
}

function uspsAddress(a: LabelAddress, as: 'person' | 'firm') {
  return {
    ...(as === 'firm' ? { firm: a.name } : person(a.name)),
    streetAddress: a.line1,
    ...(a.line2.trim() ? { secondaryAddress: a.line2 } : {}),
    city: a.city,
    state: a.state,
    ZIPCode: a.zip.slice(0, 5),
  };
}

/** The request body USPS documents for a returns label. */
export function returnLabelBody(request: ReturnLabelRequest) {
  return {
    imageInfo: { imageType: 'PDF', labelType: '4X6LABEL', receiptOption: 'NONE' },
    toAddress: uspsAddress(request.to, 'firm'),
    fromAddress: uspsAddress(request.from, 'person'),
    packageDescription: {
      mailClass: 'USPS_GROUND_ADVANTAGE',
      rateIndicator: 'SP',
      weightUOM: 'lb',
      weight: Math.max(1, Math.ceil(request.weightOz)) / 16,
      dimensionsUOM: 'in',
      length: 10,
      width: 8,
      height: 2,
      processingCategory: 'MACHINABLE',
      destinationEntryFacilityType: 'NONE',
      mailingDate: request.mailingDate,
    },
  };
}

/**
 * The request body USPS documents for a label (`POST /labels/v3/label`): the shop to the customer,
 * Ground Advantage, the order's number printed as the customer reference.
 */
export function outboundLabelBody(request: OutboundLabelRequest) {
  const body = returnLabelBody({ ...request, from: request.to, to: request.from });
  return {
    imageInfo: body.imageInfo,
    toAddress: uspsAddress(request.to, 'person'),
    fromAddress: uspsAddress(request.from, 'firm'),
    packageDescription: {
      ...body.packageDescription,
      customerReference: [{ referenceNumber: request.orderNumber, printReferenceNumber: true }],
    },
  };
}

const PDF_MAGIC = '%PDF';

/** A label image part: the PDF's bytes, whether sent as Base64 text (USPS's way) or as bytes. */
function pdfBytes(image: Uint8Array | string): Uint8Array | null {
  const raw = typeof image === 'string' ? new TextEncoder().encode(image) : image;
  if (Buffer.from(raw.subarray(0, 4)).toString('latin1') === PDF_MAGIC) return raw;
  const decoded = Buffer.from(Buffer.from(raw).toString('latin1').replace(/\s+/g, ''), 'base64');
  return decoded.subarray(0, 4).toString('latin1') === PDF_MAGIC ? new Uint8Array(decoded) : null;
}

interface ParsedLabel {
  trackingNumber?: unknown;
  /** Outbound labels: the postage paid, in dollars. */
  postage?: unknown;
  image?: Uint8Array | string;
}

/** The names of the parts (and JSON fields) of an answer: return labels' or outbound labels'. */
interface AnswerNames {
  metadata: string;
  image: string;
}
const RETURN_ANSWER: AnswerNames = { metadata: 'returnLabelMetadata', image: 'returnLabelImage' };
const OUTBOUND_ANSWER: AnswerNames = { metadata: 'labelMetadata', image: 'labelImage' };

/**
 * The named parts of a multipart body (RFC 7578), by its boundary. Written out rather than through
 * `Response.formData()`: Node's parser refuses a Content-Disposition that names the file before the
 * field (`form-data; filename="returnLabelImage.pdf"; name="returnLabelImage"`), as USPS sends it.
 */
export function multipartParts(body: Buffer, boundary: string): Map<string, Buffer> {
  const parts = new Map<string, Buffer>();
  const delimiter = Buffer.from(`--${boundary}`);
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString('latin1') === '--') break; // the closing delimiter
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    const part = body.subarray(start, next);
    const split = part.indexOf('\r\n\r\n');
    if (split !== -1) {
      const headers = part.subarray(0, split).toString('latin1');
      const name = /content-disposition:[^\r\n]*;\s*name="([^"]*)"/i.exec(headers)?.[1];
      // The content, less the line break that belongs to the next delimiter.
      let content = part.subarray(split + 4);
      if (content.subarray(-2).toString('latin1') === '\r\n') content = content.subarray(0, -2);
      if (name !== undefined) parts.set(name, content);
    }
    at = next;
  }
  return parts;
}

async function readMultipart(
  res: Response,
  contentType: string,
  names: AnswerNames,
): Promise<ParsedLabel> {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return {};
  const parts = multipartParts(Buffer.from(await res.arrayBuffer()), boundary);
  const metadata = parts.get(names.metadata);
  const meta = metadata ? (JSON.parse(metadata.toString('utf8')) as Record<string, unknown>) : {};
  const image = parts.get(names.image);
  return {
    trackingNumber: meta.trackingNumber,
    postage: meta.postage,
    ...(image ? { image: new Uint8Array(image) } : {}),
  };
}

async function readJson(res: Response, names: AnswerNames): Promise<ParsedLabel> {
  const body = (await res.json()) as Record<string, unknown>;
  const meta = (body[names.metadata] ?? {}) as { trackingNumber?: unknown; postage?: unknown };
  const image = body[names.image];
  return {
    trackingNumber: meta.trackingNumber ?? body.trackingNumber,
    postage: meta.postage ?? body.postage,
    ...(typeof image === 'string' ? { image } : {}),
  };
}

/** The answer's label, in whichever of USPS's two shapes it came. */
function readLabel(res: Response, names: AnswerNames): Promise<ParsedLabel> {
  const contentType = res.headers.get('content-type') ?? '';
  return contentType.toLowerCase().startsWith('multipart/')
    ? readMultipart(res, contentType, names)
    : readJson(res, names);
}

const TRACKING = /^[0-9A-Z]{10,40}$/;

/** USPS's error message, when the body has one. */
async function errorOf(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as {
      error?: { message?: string; errors?: { detail?: string }[] };
    };
    return body.error?.errors?.[0]?.detail ?? body.error?.message ?? text.slice(0, 300);
  } catch {
    return text.slice(0, 300);
  }
}

export function createUspsLabelProvider(
  usps: UspsCaller,
  account: UspsPaymentAccount,
): LabelProvider {
  let payment: { token: string; expiresAt: number } | undefined;

  async function paymentToken(force: boolean): Promise<string> {
    if (!force && payment && payment.expiresAt > Date.now()) return payment.token;
    const role = (roleName: string) => ({
      roleName,
      CRID: account.crid,
      MID: account.mid,
      manifestMID: account.manifestMid,
      accountType: 'EPS',
      accountNumber: account.epsAccount,
    });
    const res = await usps.call('/payments/v3/payment-authorization', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ roles: [role('PAYER'), role('LABEL_OWNER')] }),
    });
    if (!res.ok) throw new PaymentRefused(`${res.status} ${await errorOf(res)}`);
    const body = (await res.json()) as { paymentAuthorizationToken?: unknown };
    if (typeof body.paymentAuthorizationToken !== 'string') {
      throw new PaymentRefused('no paymentAuthorizationToken in the answer');
    }
    payment = { token: body.paymentAuthorizationToken, expiresAt: Date.now() + PAYMENT_TOKEN_MS };
    return payment.token;
  }

  /** The label call; a payment token USPS refuses (401, 403) is renewed once. */
  async function requestLabel(body: string, path = '/labels/v3/return-label'): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const res = await usps.call(path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'multipart/form-data, application/vnd.usps.labels+json;q=0.9',
          'x-payment-authorization-token': await paymentToken(attempt > 0),
        },
        body,
      });
      if ((res.status !== 401 && res.status !== 403) || attempt > 0) return res;
    }
  }

  return {
    name: 'usps-api',
    // USPS's Labels API takes no idempotency key: asked twice, it makes two labels (decision 039).
    replaysKeys: false,
    async createReturnLabel(request) {
      try {
        const res = await requestLabel(JSON.stringify(returnLabelBody(request)));
        if (!res.ok) return unavailable(`USPS answered ${res.status}: ${await errorOf(res)}`);
        const parsed = await readLabel(res, RETURN_ANSWER);
        const { trackingNumber } = parsed;
        if (typeof trackingNumber !== 'string' || !TRACKING.test(trackingNumber)) {
          return unavailable('the answer has no tracking number');
        }
        const pdf = parsed.image === undefined ? null : pdfBytes(parsed.image);
        if (!pdf) return unavailable('the answer has no PDF label image');
        return ok({ trackingNumber, pdf });
      } catch (err) {
        return unavailable(err instanceof Error ? err.message : String(err));
      }
    },

    /**
     * `POST /labels/v3/label`: USPS pays the postage from the EPS account when it makes the label. A
     * 4xx is a refusal (nothing bought: the address, the account); no answer, a 429 or a 5xx is
     * `label_no_answer` (USPS may have made it).
     */
    async buyLabel(request) {
      let res: Response;
      try {
        res = await requestLabel(JSON.stringify(outboundLabelBody(request)), '/labels/v3/label');
      } catch (err) {
        if (err instanceof PaymentRefused) return refused(err.message);
        return noAnswer(err instanceof Error ? err.message : String(err));
      }
      if (res.status === 429 || res.status >= 500) {
        return noAnswer(`USPS answered ${res.status}: ${await errorOf(res)}`);
      }
      if (!res.ok) return refused(`USPS answered ${res.status}: ${await errorOf(res)}`);
      try {
        const parsed = await readLabel(res, OUTBOUND_ANSWER);
        const { trackingNumber, postage } = parsed;
        const pdf = parsed.image === undefined ? null : pdfBytes(parsed.image);
        if (typeof trackingNumber !== 'string' || !TRACKING.test(trackingNumber) || !pdf) {
          return noAnswer('USPS answered without a tracking number or a PDF label image');
        }
        const cents = typeof postage === 'number' ? Math.round(postage * 100) : 0;
        return ok({ trackingNumber, postage: cents, pdf });
      } catch (err) {
        return noAnswer(err instanceof Error ? err.message : String(err));
      }
    },

    /**
     * `DELETE /labels/v3/label/{trackingNumber}`: USPS cancels a label not yet scanned and refunds its
     * postage to the EPS account once it has checked it was not used (`requested`).
     */
    async voidLabel(trackingNumber) {
      try {
        const res = await usps.call(`/labels/v3/label/${encodeURIComponent(trackingNumber)}`, {
          method: 'DELETE',
          headers: { 'x-payment-authorization-token': await paymentToken(false) },
        });
        if (!res.ok) {
          return fail('void_refused', 'USPS did not void the label.', {
            reason: `USPS answered ${res.status}: ${await errorOf(res)}`,
          });
        }
        return ok({ refund: 'requested' as const });
      } catch (err) {
        return fail('void_refused', 'USPS did not void the label.', {
          reason: err instanceof Error ? err.message : String(err),
        });
      }
    },
  };
}

const refused = (reason: string) => fail('label_refused', 'USPS refused the label.', { reason });
const noAnswer = (reason: string) => fail('label_no_answer', 'USPS did not answer.', { reason });

class PaymentRefused extends Error {
  override name = 'PaymentRefused';
  constructor(detail: string) {
    super(`USPS payment authorization failed: ${detail}`);
  }
}
