/**
 * Every documented route fuzzed from its own schemas (issue 31 item 1), on SQLite and PostgreSQL:
 * seeded requests (fast-check) built from the API document, valid by its schemas or broken in one
 * stated way (a type, a limit, a pattern, a listed value, a required key), sent as a guest, a customer
 * and an operator. Whatever the request:
 * - never a 5xx;
 * - every 4xx is JSON with a `code` and a `message`;
 * - a refused request changes nothing (a digest of the shop's tables before and after);
 * - a request the schemas refuse is refused (never a 2xx);
 * - a request the schemas accept is not refused as malformed (`invalid_request`), but for the rules
 *   the document cannot state (KNOWN_RULES, each with why).
 *
 * FUZZ_RUNS sets the cases per database (default 7,000 on SQLite and 3,000 on PostgreSQL: 10,000 a CI
 * run; FUZZ_RUNS_SCALE multiplies them), FUZZ_SEED the seed (`npm run bench` runs seven times as many
 * with a new seed, bench/fuzz.bench.mjs, seeds printed). A failure prints its seed
 * and the request (FUZZ_SHRINK=1 shrinks it first); add that request to REGRESSIONS so it is sent on
 * every run after. FUZZ_COLLECT=<file> writes every failure there and goes on (to survey a new seed).
 */
import { appendFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerToken, operatorToken } from '../src/features/operators/operators.factories.ts';
import { clientAddress, operations, type ApiDocument, type Operation } from './openapi-samples.ts';
import { invalidOf, invalidParam, validOf, type FuzzSchema } from './schema-arbitraries.ts';
import { changedTables, digestWhenWritten } from './table-digest.ts';
import { DATABASE_KINDS, createTestApp, type TestApp } from './test-app.ts';

type Caller = 'guest' | 'customer' | 'operator';

/** One request: the operation, who sends it, its parts, and what was broken (undefined: valid). */
interface FuzzCase {
  op: Operation;
  caller: Caller;
  path: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  broken?: string;
}

/** Requests that once failed, sent first on every run: `method url body caller`. */
const REGRESSIONS: {
  method: string;
  url: string;
  body?: unknown;
  caller: Caller;
  broken?: string;
}[] = [
  // A version past PostgreSQL's integer: 500 (seed 20261129, 1,147th case on PostgreSQL).
  {
    method: 'PATCH',
    url: '/api/cart/caller',
    body: { cart: [], version: 3952153824793664 },
    caller: 'customer',
    broken: 'version past the column’s range',
  },
];

/**
 * Rules of a route the JSON Schema cannot state, under which a request valid by the document is
 * refused with `invalid_request`: `METHOD path field`, and why.
 */
const KNOWN_RULES: Record<string, string> = {
  'GET /api/reviews/order querystring':
    'the link’s token or, signed in, the order number: one of the two, never both',
  'GET /api/usps/address-check/{address} ': 'the address is URL-encoded JSON in one path segment',
  'GET /api/usps/sales-tax-rate/{address} ': 'the address is URL-encoded JSON in one path segment',
  'POST /api/orders/update-pi address.state': 'one of the US states and territories',
  'POST /api/orders/confirm-pi address.state': 'one of the US states and territories',
  'POST /api/orders/confirm-pi billingDetails.address.state':
    'one of the US states and territories',
  'POST /api/orders/confirm-pi shipping.address.state': 'one of the US states and territories',
  'POST /api/admin/orders/{orderNumber}/refunds amount':
    'shirts and shipping, or an amount, not both',
  'POST /api/admin/orders/{orderNumber}/refunds/quote amount':
    'shirts and shipping, or an amount, not both',
  'POST /api/admin/discounts code':
    'read without spaces and in capitals before its rules (3 to 32 of A-Z, 0-9, - and _)',
  'PATCH /api/admin/discounts/{id} code':
    'read without spaces and in capitals before its rules (3 to 32 of A-Z, 0-9, - and _)',
  'POST /api/admin/discounts endsAt': 'after the start',
  'POST /api/admin/discounts percent': 'a percent code has its percent (and an amount code none)',
  'POST /api/admin/discounts amountOff': 'an amount code has its amount (and a percent code none)',
  'PATCH /api/admin/discounts/{id} percent':
    'a percent code has its percent (and an amount code none)',
  'PATCH /api/admin/discounts/{id} amountOff':
    'an amount code has its amount (and a percent code none)',
  'GET /api/admin/labels orders': 'order numbers, read without spaces and punctuation',
  'GET /api/admin/labels/print orders': 'order numbers, read without spaces and punctuation',
  'PATCH /api/admin/catalog/products/{productId}/sizes/{size} body':
    'a stock count or the out-of-stock switch: at least one of the two',
  'PATCH /api/admin/discounts/{id} endsAt': 'after the start',
};

/** Rules of a field wherever it is, by its name. */
const FIELD_RULES: Record<string, string> = {
  orderNumber: 'an order number is read without spaces and punctuation: some letters or digits',
};

/** Routes answering HTML pages (the sandbox's card check): their refusals are pages, not JSON. */
const PAGES = ['/api/sandbox/challenge/{token}'];

const ADMIN = (op: Operation) =>
  op.path.startsWith('/api/admin/') || (op.method === 'PATCH' && op.path === '/api/orders/status');

/** A path or query value from a schema: text as it goes in a URL. */
const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

function caseOf(op: Operation): fc.Arbitrary<FuzzCase> {
  const params = (schemas: Record<string, FuzzSchema>, required: (name: string) => boolean) =>
    fc.record(
      Object.fromEntries(
        Object.entries(schemas).map(([name, s]) => [name, validOf(s).map(asText)]),
      ),
      { requiredKeys: Object.keys(schemas).filter(required) },
    ) as fc.Arbitrary<Record<string, string>>;
  const valid = fc.record({
    op: fc.constant(op),
    caller: fc.constantFrom<Caller>('guest', 'customer', 'operator'),
    path: params(op.pathParams, () => true),
    query: params(op.queryParams, (name) => op.requiredQuery.includes(name)),
    body: op.body ? validOf(op.body as FuzzSchema) : fc.constant(undefined),
  });
  // One way to break it: the body, a parameter's value, or a required parameter left out.
  const breaks: fc.Arbitrary<(c: FuzzCase) => FuzzCase>[] = [];
  const bodyWrong = op.body ? invalidOf(op.body as FuzzSchema) : undefined;
  if (bodyWrong) {
    breaks.push(bodyWrong.map((w) => (c) => ({ ...c, body: w.value, broken: `body: ${w.why}` })));
  }
  for (const [where, schemas] of [
    ['path', op.pathParams],
    ['query', op.queryParams],
  ] as const) {
    for (const [name, s] of Object.entries(schemas)) {
      // An empty path segment is another URL (another route, or none): not this route's refusal.
      const wrong = invalidParam(s as FuzzSchema)?.filter(
        (w) => where === 'query' || w.value !== '',
      );
      if (!wrong) continue;
      breaks.push(
        wrong.map((w) => (c) => ({
          ...c,
          [where]: { ...c[where], [name]: String(w.value) },
          broken: `${where} ${name}: ${w.why}`,
        })),
      );
    }
  }
  for (const name of op.requiredQuery) {
    breaks.push(
      fc.constant((c: FuzzCase) => {
        const query = { ...c.query };
        delete query[name];
        return { ...c, query, broken: `query without ${name}` };
      }),
    );
  }
  if (!breaks.length) return valid;
  return fc.oneof(
    valid,
    fc.tuple(valid, fc.oneof(...breaks)).map(([c, broken]) => broken(c)),
  );
}

/** A path segment percent-encoded; a lone surrogate as the bytes WTF-8 gives it (not UTF-8). */
function segment(text: string): string {
  return [...text]
    .map((ch) => {
      const code = ch.charCodeAt(0);
      if (ch.length > 1 || code < 0xd800 || code > 0xdfff) return encodeURIComponent(ch);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');
}

const urlOf = (c: FuzzCase) => {
  const path = c.op.path.replace(/\{(\w+)\}/g, (_m, name: string) => segment(c.path[name] ?? ''));
  const query = new URLSearchParams(Object.entries(c.query)).toString();
  return query ? `${path}?${query}` : path;
};

describe.each(DATABASE_KINDS)('the API fuzzed from its schemas (%s)', (kind) => {
  const runs =
    Number(process.env.FUZZ_RUNS ?? (kind === 'sqlite' ? 7_000 : 3_000)) *
    Number(process.env.FUZZ_RUNS_SCALE ?? 1);
  const seed = Number(process.env.FUZZ_SEED ?? 20_261_129);
  let t: TestApp;
  let ops: Operation[] = [];
  let headers: Record<Caller, Record<string, string>>;
  let client = 0;
  let digest: ReturnType<typeof digestWhenWritten>;
  let last: Record<string, string> = {};

  beforeAll(async () => {
    // A web process: no job changes a table between two requests. Each request from its own
    // address, so no route's rate limit answers first.
    t = await createTestApp(kind, {}, { TRUST_PROXY: '1', PROCESS_ROLE: 'web' });
    headers = {
      guest: {},
      customer: (await customerToken(t)).headers,
      operator: (await operatorToken(t)).headers,
    };
    ops = operations((await t.request('GET', '/api/docs/json')).body as ApiDocument);
    digest = digestWhenWritten(t.database.db);
    last = await digest();
  }, 60_000);
  afterAll(async () => t?.close());

  async function send(method: string, url: string, body: unknown, caller: Caller) {
    client += 1;
    return t.request(method, url, body, {
      ...headers[caller],
      'x-forwarded-for': clientAddress(client),
    });
  }

  /** What is wrong with the answer to a case, or undefined. */
  async function problem(c: {
    method: string;
    url: string;
    body: unknown;
    caller: Caller;
    op?: Operation;
    broken?: string;
  }): Promise<string | undefined> {
    const res = await send(c.method, c.url, c.body, c.caller);
    const now = await digest();
    const changed = changedTables(last, now);
    last = now;
    const answer = (res.body ?? {}) as { code?: unknown; message?: unknown; fields?: unknown };
    if (res.status >= 500) return `${res.status}: ${res.text.slice(0, 200)}`;
    const page =
      PAGES.includes(c.op?.path ?? '') && /^text\/html/.test(res.headers.get('content-type') ?? '');
    if (res.status >= 400) {
      if (!page && (typeof answer.code !== 'string' || typeof answer.message !== 'string')) {
        return `${res.status} without a code and a message: ${res.text.slice(0, 200)}`;
      }
      if (changed.length) return `${res.status} ${answer.code}, yet changed ${changed.join(', ')}`;
    }
    const admin = c.op ? ADMIN(c.op) : false;
    const shutOut = admin && c.caller !== 'operator' && (res.status === 401 || res.status === 403);
    if (c.broken && res.status < 400 && !shutOut) {
      return `accepted (${res.status}) what the schema refuses (${c.broken})`;
    }
    if (!c.broken && res.status === 400 && answer.code === 'invalid_request') {
      const fields = Object.keys((answer.fields ?? {}) as object);
      const unknown = (fields.length ? fields : ['']).filter(
        (f) => !KNOWN_RULES[`${c.method} ${c.op?.path} ${f}`] && !FIELD_RULES[f.split('.').at(-1)!],
      );
      if (unknown.length) {
        return `refused what the schema accepts: ${res.text.slice(0, 300)}`;
      }
    }
    return undefined;
  }

  it('sends the requests that once failed', async () => {
    for (const r of REGRESSIONS) {
      expect(await problem({ ...r, body: r.body }), `${r.method} ${r.url}`).toBeUndefined();
    }
  });

  it(
    `answers ${runs} generated requests: no 5xx, clear refusals that change nothing`,
    async () => {
      expect(ops.length).toBeGreaterThan(90);
      const cases = fc.oneof(...ops.map(caseOf));
      await fc.assert(
        fc.asyncProperty(cases, async (c) => {
          const wrong = await problem({
            method: c.op.method,
            url: urlOf(c),
            body: c.body,
            caller: c.caller,
            op: c.op,
            broken: c.broken,
          });
          if (wrong && process.env.FUZZ_COLLECT) {
            appendFileSync(
              process.env.FUZZ_COLLECT,
              `${c.op.method} ${c.op.path} ${c.caller} ${c.broken ?? ''} => ${wrong.slice(0, 300)} URL ${urlOf(c)}\n`,
            );
          } else if (wrong) {
            throw new Error(
              `${c.op.method} ${urlOf(c)} as ${c.caller}${c.broken ? ` (broken: ${c.broken})` : ''} ` +
                `body ${JSON.stringify(c.body)?.slice(0, 300)}: ${wrong}`,
            );
          }
        }),
        { numRuns: runs, seed, verbose: 1, endOnFailure: process.env.FUZZ_SHRINK !== '1' },
      );
    },
    900_000 * Number(process.env.FUZZ_RUNS_SCALE ?? 1),
  );
});
