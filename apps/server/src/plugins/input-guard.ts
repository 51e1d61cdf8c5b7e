/**
 * The input guard (issue 23): control characters (lib/control-characters.ts) in any string of a
 * request's path parameters, query string or body (JSON or form, at any depth) are refused once, here,
 * before validation, handlers and the identity provider see them. PostgreSQL refuses NUL in text, so
 * without this a NUL in a support message or a console search was a 500 there and stored on SQLite.
 *
 * Every field is single-line unless its route lists it in `config: { multiline: [...] }` (body paths,
 * `*` for any one key or index): those keep tab, line feed and carriage return. The answer is a 400
 * `{ message, code: 'invalid_characters', field, fields }`; on the hosted identity pages
 * (`config.hostedPage`) an HTML page in their style naming the field, which also refuses a field sent
 * twice in their forms or queries (findRepeatedField). oidc-provider's own endpoints,
 * served by middleware before Fastify parses anything, get the same check (input-guard-provider.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import {
  findControlCharacter,
  hasControlCharacters,
  maskControlCharacters,
} from '../lib/control-characters.ts';
import { HttpError } from '../lib/http-errors.ts';
import { messagePage, type PageShop } from '../features/identity/pages/identity-pages.ts';
import { sendPage } from '../features/identity/pages/layout.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Body fields that hold text of several lines, where tab and line breaks are allowed (dotted paths,
     * `*` for any one key or index: `['message']`, `['facts.*']`). Every other field is single-line.
     */
    multiline?: readonly string[];
  }
}

export const INVALID_CHARACTERS = 'invalid_characters';

/** The field a control character was found in, as the answer names it. */
export interface Refusal {
  /** Its path: `billingDetails.name`, `cart.0.size`, `q`. */
  field: string;
  message: string;
}

/** Names people read, where the field's own name would not do. */
const LABELS: Record<string, string> = {
  body: 'Text',
  q: 'Search',
  line1: 'Address line 1',
  line2: 'Address line 2',
  postal_code: 'ZIP code',
  zip: 'ZIP code',
  cvc: 'Security code',
  uid: 'Sign-in ID',
};

/** The field in plain English: `billingDetails.name` is "Name", `paymentIntentId` "Payment intent ID". */
function fieldLabel(path: readonly string[], where: string): string {
  const name = [...path].reverse().find((segment) => !/^\d+$/.test(segment)) ?? where;
  if (hasControlCharacters(name)) return 'A field name';
  const label = LABELS[name];
  if (label) return label;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
    .replace(/\b(id|url)\b/g, (word) => word.toUpperCase());
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The first control character in the request's parts (in this order), or undefined. */
export function findRefusal(
  parts: Array<[where: string, value: unknown]>,
  multiline: readonly string[] = [],
): Refusal | undefined {
  for (const [where, value] of parts) {
    const path = findControlCharacter(value, where === 'body' ? multiline : []);
    if (!path) continue;
    // The path may hold the character itself (a key): never sent back as it is.
    const field = path.length ? maskControlCharacters(path.join('.')) : where;
    return {
      field,
      message: `${fieldLabel(path, where)} contains characters that are not allowed (control characters).`,
    };
  }
  return undefined;
}

const shopOf = (config: Config): PageShop => ({
  shopName: config.shopName,
  siteUrl: config.siteUrl,
});

/** The hosted pages' answer: the form the shopper came from (a page of this site), or the shop. */
export function refusalPage(config: Config, refusal: Refusal, referer: string | undefined): string {
  let link = { href: `${config.siteUrl}/`, label: 'Back to the shop' };
  try {
    if (referer && new URL(referer).origin === new URL(config.siteUrl).origin) {
      link = { href: referer, label: 'Go back' };
    }
  } catch {
    // Not a URL: the shop's link stays.
  }
  return messagePage(shopOf(config), {
    title: 'Check what you typed',
    message: `${refusal.message} Please go back and type it again.`,
    link,
    status: 'error',
  });
}

/**
 * A field sent more than once in a hosted page's query or form (`email=a&email=b`): the form parser
 * makes it a list, which the pages read as text (a 500 before). A page's own form never sends one.
 */
export function findRepeatedField(
  parts: Array<[where: string, value: unknown]>,
): Refusal | undefined {
  for (const [where, value] of parts) {
    if (!value || typeof value !== 'object') continue;
    const repeated = Object.entries(value).find(([, v]) => Array.isArray(v));
    if (!repeated) continue;
    const field = maskControlCharacters(repeated[0]);
    return { field, message: `${fieldLabel([repeated[0]], where)} was sent more than once.` };
  }
  return undefined;
}

/** Registers the check on every route (call before the routes are registered). */
export function registerInputGuard(app: FastifyInstance, config: Config): void {
  app.addHook('preValidation', (request: FastifyRequest, reply, done) => {
    // The not-found handler (pages, files) reads no input.
    if (request.is404) return done();
    const { multiline, hostedPage } = request.routeOptions.config;
    const refusal =
      findRefusal(
        [
          ['params', request.params],
          ['query', request.query],
          ['body', request.body],
        ],
        multiline,
      ) ??
      (hostedPage
        ? findRepeatedField([
            ['query', request.query],
            ['body', request.body],
          ])
        : undefined);
    if (!refusal) return done();
    if (hostedPage) {
      request.log.info(
        { method: request.method, url: request.url, statusCode: 400, message: refusal.message },
        'request failed',
      );
      void sendPage(reply, refusalPage(config, refusal, request.headers.referer), 400);
      return;
    }
    done(
      new HttpError(
        400,
        refusal.message,
        { [refusal.field]: refusal.message },
        { code: INVALID_CHARACTERS, field: refusal.field },
      ),
    );
  });
}
