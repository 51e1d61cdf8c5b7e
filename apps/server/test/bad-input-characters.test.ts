/**
 * Control characters in every text field (issue 23): NUL and the rest of C0 and DEL in any string of any
 * documented route (path and query parameters, body fields at any depth), sent signed in as a customer
 * and as an operator so that the routes behind sign-in read their input, answer the input guard's 400
 * naming the field (plugins/input-guard.ts), or 403 where a customer is not let in; never a 5xx, on
 * SQLite as on PostgreSQL (which refuses NUL in text). Tab and line breaks are refused in single-line
 * fields and accepted in the multi-line ones listed below. Routes and fields come from the OpenAPI
 * document, so a new route is covered without editing this file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestApp, type TestApp } from './test-app.ts';
import {
  ANY_KEY,
  clientAddress,
  operations,
  sample,
  withValue,
  type ApiDocument,
  type JsonSchema,
  type Operation,
  type StringField,
} from './openapi-samples.ts';
import {
  customerToken,
  operatorToken,
  type Person,
} from '../src/features/operators/operators.factories.ts';

/** The fields that hold text of several lines (the routes' `config.multiline`). */
const MULTILINE = [
  'POST /api/log-error message',
  'POST /api/log-error stack',
  'POST /api/csp-reports csp-report.script-sample',
  'POST /api/csp-reports 0.body.sample',
  'POST /api/support message',
  'POST /api/support/data-request message',
  'PATCH /api/orders/status reason',
  'POST /api/admin/orders/{orderNumber}/notes body',
  'POST /api/admin/orders/{orderNumber}/refunds reason',
  'POST /api/admin/returns/{publicId}/refund reason',
  'POST /api/admin/returns/{publicId}/close reason',
  'POST /api/admin/support/{id}/replies body',
  'PATCH /api/admin/data-requests/{id} note',
  'POST /api/admin/reviews/{id}/reply reply',
  `PATCH /api/admin/catalog/products/{productId}/facts facts.${ANY_KEY}`,
];
const ALWAYS_REFUSED = ['\u0000', '\u0001', '\u001b', '\u007f'];
const LINE_BREAKS = ['\t', '\n', '\r'];
const NOT_ALLOWED = / contains characters that are not allowed \(control characters\)\.$/;
const BATCH = 8;

const fieldKey = (op: Operation, field: StringField) =>
  `${op.method} ${op.path} ${field.path.join('.')}`;
const operatorOnly = (op: Operation) =>
  op.path.startsWith('/api/admin/') || (op.method === 'PATCH' && op.path === '/api/orders/status');
const shown = (text: string) => JSON.stringify(text).slice(1, -1);

interface Case {
  op: Operation;
  field: StringField;
  char: string;
  caller: 'customer' | 'operator';
  refused: boolean;
}

describe.each(DATABASE_KINDS)('control characters in every field (%s)', (kind) => {
  let t: TestApp;
  let ops: Operation[] = [];
  let people: Record<Case['caller'], Person>;
  let client = 0;

  beforeAll(async () => {
    // Each request from its own address (X-Forwarded-For), so no route's own rate limit answers first.
    t = await createTestApp(kind, {}, { TRUST_PROXY: '1' });
    people = { customer: await customerToken(t), operator: await operatorToken(t) };
    ops = operations((await t.request('GET', '/api/docs/json')).body as ApiDocument);
  });
  afterAll(async () => t?.close());

  /** The request of one case: every other field with a plausible value, the field with `text`. */
  async function send(op: Operation, field: StringField, text: string, caller: Case['caller']) {
    const value = (where: StringField['in'], name: string, schema: JsonSchema | undefined) =>
      field.in === where && field.path[0] === name ? text : String(sample(schema ?? {}));
    const url =
      op.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
        encodeURIComponent(value('path', name, op.pathParams[name])),
      ) +
      (Object.keys(op.queryParams).length
        ? `?${new URLSearchParams(
            Object.entries(op.queryParams).map(([name, s]): [string, string] => [
              name,
              value('query', name, s),
            ]),
          )}`
        : '');
    const body = op.body
      ? field.in === 'body'
        ? withValue(sample(op.body), field.path, text)
        : sample(op.body)
      : undefined;
    client += 1;
    const headers: Record<string, string> = {
      ...people[caller].headers,
      'x-forwarded-for': clientAddress(client),
    };
    return t.request(op.method, url, body, headers);
  }

  /** What is wrong with an answer, or undefined. */
  function problem(c: Case, res: Awaited<ReturnType<typeof send>>): string | undefined {
    const body = (res.body ?? {}) as { message?: unknown; code?: unknown; field?: unknown };
    if (res.status >= 500) return `${res.status}`;
    if (res.status >= 400 && typeof body.message !== 'string') return `${res.status} no message`;
    if (!c.refused) {
      return body.code === 'invalid_characters' ? 'refused a multi-line field' : undefined;
    }
    if (res.status === 403 && c.caller === 'customer' && operatorOnly(c.op)) return undefined;
    // A line break in a path segment the router matches with a pattern (`:token.pdf`, whose `.`
    // stops at line ends) finds no route: the not-found answer, which reads nothing.
    const unrouted = c.field.in === 'path' && /[\n\r]/.test(c.char) && res.status === 404;
    if (unrouted && String(body.message).startsWith('Not found: ')) return undefined;
    const named =
      res.status === 400 &&
      body.code === 'invalid_characters' &&
      body.field === c.field.path.join('.') &&
      NOT_ALLOWED.test(String(body.message));
    return named ? undefined : `${res.status} ${res.text.slice(0, 120)}`;
  }

  it('finds the string fields of the API, the multi-line ones among them', () => {
    const fields = ops.flatMap((op) => op.fields.map((f) => fieldKey(op, f)));
    expect(fields.length).toBeGreaterThan(150);
    for (const entry of MULTILINE) expect(fields).toContain(entry);
  });

  it('refuses a NUL in the support message and in the console order search', async () => {
    const support = await t.request('POST', '/api/support', {
      email: 'sam@example.com',
      message: 'Hello\u0000there',
    });
    expect(support.status).toBe(400);
    expect(support.body).toMatchObject({
      code: 'invalid_characters',
      field: 'message',
      message: 'Message contains characters that are not allowed (control characters).',
    });
    const search = await t.request(
      'GET',
      '/api/admin/orders?q=%00',
      undefined,
      people.operator.headers,
    );
    expect(search.status).toBe(400);
    expect(search.body).toMatchObject({ code: 'invalid_characters', field: 'q' });
  });

  it('answers every field holding a control character with the guard 400, never a 5xx', async () => {
    const cases: Case[] = [];
    for (const op of ops) {
      for (const field of op.fields) {
        const multiline = MULTILINE.includes(fieldKey(op, field));
        for (const caller of ['customer', 'operator'] as const) {
          for (const char of ALWAYS_REFUSED) cases.push({ op, field, char, caller, refused: true });
          for (const char of LINE_BREAKS) {
            cases.push({ op, field, char, caller, refused: !multiline });
          }
        }
      }
    }
    const failures: string[] = [];
    for (let i = 0; i < cases.length; i += BATCH) {
      await Promise.all(
        cases.slice(i, i + BATCH).map(async (c) => {
          const text = `${String(sample(c.field.schema))}${c.char}two`;
          const res = await send(c.op, c.field, text, c.caller);
          const wrong = problem(c, res);
          if (wrong) {
            failures.push(`${fieldKey(c.op, c.field)} "${shown(c.char)}" ${c.caller}: ${wrong}`);
          }
        }),
      );
    }
    expect(failures).toEqual([]);
  });
});
