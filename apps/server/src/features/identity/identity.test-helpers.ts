/**
 * Test helpers for the identity provider: a tiny browser (cookie jar, manual redirects, form posts)
 * that drives the hosted pages the way a shopper would, and a relying party made with openid-client.
 */
import * as client from 'openid-client';
import type { Db } from '../../db/database.ts';
import { hashPassword } from './passwords.ts';
import { newId } from '../../lib/ids.ts';

export const TEST_PASSWORD = 'sunny shirts on the porch';

/** An account straight in the database (verified unless told otherwise). */
export async function createAccount(
  db: Db,
  overrides: { email?: string; name?: string; password?: string; verified?: boolean } = {},
) {
  const now = new Date().toISOString();
  const account = {
    id: newId('acct'),
    email: overrides.email ?? `${newId('shopper').toLowerCase()}@example.com`,
    email_verified: overrides.verified === false ? 0 : 1,
    name: overrides.name ?? 'Sam Shopper',
    password_hash: await hashPassword(overrides.password ?? TEST_PASSWORD),
    created_at: now,
    updated_at: now,
  };
  await db.insertInto('accounts').values(account).execute();
  return account;
}

export interface Page {
  status: number;
  url: string;
  location: string | null;
  text: string;
}

/** A cookie jar and fetch without automatic redirects, like a browser tab. */
export class Browser {
  readonly cookies = new Map<string, string>();

  async open(
    url: string,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Page> {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookies.size) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(url, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const location = res.headers.get('location');
    return {
      status: res.status,
      url,
      location: location ? new URL(location, url).toString() : null,
      text: await res.text(),
    };
  }

  /** Follows redirects until one leaves for `stopAt` (not requested) or a page answers. */
  async follow(page: Page, stopAt?: string): Promise<Page> {
    let current = page;
    for (let i = 0; i < 20 && current.location; i++) {
      if (stopAt && current.location.startsWith(stopAt)) return current;
      current = await this.open(current.location);
    }
    return current;
  }
}

/** The action of the page's (first) form, absolute. */
export function formAction(page: Page): string {
  const match = /<form[^>]*action="([^"]+)"/.exec(page.text);
  if (!match) throw new Error(`No form on ${page.url}: ${page.text.slice(0, 300)}`);
  return new URL(match[1]!.replace(/&amp;/g, '&'), page.url).toString();
}

/** The hidden inputs of the page (e.g. oidc-provider's xsrf). */
export function hiddenFields(page: Page): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of page.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[m[1]!] = m[2]!;
  }
  return fields;
}

/** The relying party: openid-client against the shop's issuer, over plain http in tests. */
export async function relyingParty(baseUrl: string, clientId = 'sunward-web') {
  return client.discovery(new URL(`${baseUrl}/oidc`), clientId, undefined, client.None(), {
    execute: [client.allowInsecureRequests],
  });
}

/** Starts a login for the storefront's client; returns what the callback needs to check. */
export async function startLogin(
  config: client.Configuration,
  baseUrl: string,
  extra: Record<string, string> = {},
) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: `${baseUrl}/callback`,
    scope: 'openid profile email offline_access',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...extra,
  });
  return { url: url.toString(), verifier, state };
}

/** Signs in on the hosted page and returns the callback URL carrying the code. */
export async function signInThroughPages(
  browser: Browser,
  authUrl: string,
  baseUrl: string,
  credentials: { email: string; password: string },
): Promise<Page> {
  const signIn = await browser.follow(await browser.open(authUrl), `${baseUrl}/callback`);
  const posted = await browser.open(formAction(signIn), { form: credentials });
  return browser.follow(posted, `${baseUrl}/callback`);
}
