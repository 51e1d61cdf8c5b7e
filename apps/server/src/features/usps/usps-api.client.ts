/**
 * USPS APIs v3 adapter (https://developers.usps.com): OAuth 2.0 client credentials, the Addresses API
 * (GET /addresses/v3/address) and the Domestic Prices API (POST /prices/v3/base-rates/search).
 * Selected when USPS_CLIENT_ID and USPS_CLIENT_SECRET are set.
 */
import type { Address } from '@sunward/core/schemas';
import type { AddressCheckResult, AddressVerifier, QuoteResult, RateQuoter } from './usps.types.ts';
import { UNAVAILABLE_MESSAGE } from './usps.types.ts';

export interface UspsApiOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
}

interface UspsErrorBody {
  error?: { message?: string; errors?: { detail?: string; title?: string }[] };
}

const MAIL_CLASSES = { ground: 'USPS_GROUND_ADVANTAGE', priority: 'PRIORITY_MAIL' } as const;

export class UspsApiClient implements AddressVerifier, RateQuoter {
  readonly name = 'usps-api' as const;
  private token: { value: string; expiresAt: number } | undefined;

  constructor(private readonly options: UspsApiOptions) {}

  private async accessToken(force = false): Promise<string> {
    if (!force && this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const res = await fetch(`${this.options.baseUrl}/oauth2/v3/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: this.options.clientId,
        client_secret: this.options.clientSecret,
      }),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    if (!res.ok) throw new Error(`USPS OAuth token request failed with ${res.status}`);
    const body = (await res.json()) as { access_token: string; expires_in?: number };
    // Renew a minute early so a token never expires in flight.
    const ttl = Math.max(60, Number(body.expires_in ?? 3600) - 60) * 1000;
    this.token = { value: body.access_token, expiresAt: Date.now() + ttl };
    return body.access_token;
  }

  /**
   * An authorised call to any USPS API (JSON unless `init` asks for another type); a 401 renews the
   * token once. The return labels (features/labels) share this client's token.
   */
  async call(path: string, init: RequestInit = {}): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken(attempt > 0);
      const res = await fetch(`${this.options.baseUrl}${path}`, {
        ...init,
        headers: {
          accept: 'application/json',
          ...(init.headers as Record<string, string>),
          authorization: `Bearer ${token}`,
        },
        // The caller's signal (a job's, a shorter timeout) as well as the client's own timeout.
        signal: init.signal
          ? AbortSignal.any([init.signal, AbortSignal.timeout(this.options.timeoutMs ?? 10_000)])
          : AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
      if (res.status !== 401 || attempt > 0) return res;
    }
  }

  async check(address: Address): Promise<AddressCheckResult> {
    const query = new URLSearchParams({
      streetAddress: address.line1,
      secondaryAddress: address.line2 ?? '',
      city: address.city,
      state: address.state,
      ZIPCode: address.postal_code.slice(0, 5),
    });
    try {
      const res = await this.call(`/addresses/v3/address?${query}`);
      const body = (await res.json()) as UspsErrorBody & {
        address?: Record<string, string | null>;
      };
      if (res.ok && body.address) {
        const a = body.address;
        return {
          ok: true,
          address: {
            streetAddress: a.streetAddress ?? '',
            secondaryAddress: a.secondaryAddress ?? '',
            city: a.city ?? '',
            state: a.state ?? '',
            ZIPCode: a.ZIPCode ?? '',
          },
        };
      }
      if (res.status === 400 || res.status === 404) {
        const message =
          body.error?.message ?? body.error?.errors?.[0]?.detail ?? 'Address Not Found.';
        return { ok: false, code: 'undeliverable', message };
      }
      return { ok: false, code: 'unavailable', message: UNAVAILABLE_MESSAGE };
    } catch {
      return { ok: false, code: 'unavailable', message: UNAVAILABLE_MESSAGE };
    }
  }

  private async basePrice(
    option: keyof typeof MAIL_CLASSES,
    fromZip: string,
    toZip: string,
    weightOz: number,
  ): Promise<{ cents: number; zone?: number } | { error: string; status: number }> {
    const res = await this.call('/prices/v3/base-rates/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        originZIPCode: fromZip,
        destinationZIPCode: toZip,
        weight: Math.round((weightOz / 16) * 100) / 100,
        length: 10,
        width: 8,
        height: 2,
        mailClass: MAIL_CLASSES[option],
        processingCategory: 'MACHINABLE',
        rateIndicator: 'SP',
        destinationEntryFacilityType: 'NONE',
        priceType: 'RETAIL',
      }),
    });
    const body = (await res.json()) as UspsErrorBody & {
      totalBasePrice?: number;
      rates?: { zone?: string }[];
    };
    if (!res.ok || typeof body.totalBasePrice !== 'number') {
      return { error: body.error?.message ?? 'No price found.', status: res.status };
    }
    const zone = Number(body.rates?.[0]?.zone);
    return {
      cents: Math.round(body.totalBasePrice * 100),
      ...(Number.isInteger(zone) ? { zone } : {}),
    };
  }

  async quote({ fromZip, toZip, weightOz }: Parameters<RateQuoter['quote']>[0]) {
    try {
      const [ground, priority] = await Promise.all([
        this.basePrice('ground', fromZip, toZip, weightOz),
        this.basePrice('priority', fromZip, toZip, weightOz),
      ]);
      for (const r of [ground, priority]) {
        if ('error' in r) {
          return {
            ok: false,
            code: r.status === 400 ? 'bad_zip' : 'unavailable',
            message: r.status === 400 ? r.error : UNAVAILABLE_MESSAGE,
          } satisfies QuoteResult;
        }
      }
      const g = ground as { cents: number; zone?: number };
      const p = priority as { cents: number };
      return {
        ok: true,
        ground: g.cents,
        priority: p.cents,
        ...(g.zone ? { zone: g.zone } : {}),
      } satisfies QuoteResult;
    } catch {
      return {
        ok: false,
        code: 'unavailable',
        message: UNAVAILABLE_MESSAGE,
      } satisfies QuoteResult;
    }
  }
}
