/**
 * Every API route, fed bad input, answers 4xx with a JSON message in plain English: never a 500,
 * never a stack trace, never zod's internal wording.
 * Routes are enumerated from the OpenAPI document, so new routes are covered without editing this file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestApp, type TestApp } from './test-app.ts';

interface Operation {
  method: string;
  path: string;
}

const BAD_SEGMENTS = [
  '%00',
  "'%20OR%201=1--",
  '..%2F..%2Fetc%2Fpasswd',
  'x'.repeat(300),
  '%7B%22a%22%3A1%7D',
  '-1',
];
const BAD_BODIES: unknown[] = [
  '{"unterminated',
  '[]',
  'null',
  '{"a":{"b":{"c":[1,2,{"d":null}]}}}',
  '"text"',
  '{}',
];

/** zod's own wording ("Too big: expected string to have <=64 characters") must not reach clients. */
const ZOD_JARGON = /Too (big|small):|Invalid input:|Invalid string:|, received \w+/;

describe.each(DATABASE_KINDS)('bad input on every route (%s)', (kind) => {
  let t: TestApp;
  let operations: Operation[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind);
    const doc = (await t.request('GET', '/api/docs/json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
    );
  });
  afterAll(async () => t?.close());

  it('finds the API routes', () => {
    expect(operations.length).toBeGreaterThanOrEqual(5);
  });

  it('answers bad path parameters and bodies with a 4xx JSON message', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      const paths = op.path.includes('{')
        ? BAD_SEGMENTS.map((seg) => op.path.replace(/\{[^}]+\}/g, seg))
        : [op.path];
      const bodies = ['POST', 'PUT', 'PATCH'].includes(op.method) ? BAD_BODIES : [undefined];
      for (const path of paths) {
        for (const body of bodies) {
          const res = await t.request(op.method, path, body);
          const message = (res.body as { message?: unknown } | undefined)?.message;
          const ok =
            res.status >= 400 &&
            res.status < 500 &&
            typeof message === 'string' &&
            !/\bat .+:\d+:\d+/.test(res.text) &&
            !ZOD_JARGON.test(res.text);
          // A route may accept some of these (an empty object can be valid); it must never fail with 5xx.
          if (res.status >= 500 || (!ok && res.status >= 400)) {
            failures.push(
              `${op.method} ${path} ${JSON.stringify(body)?.slice(0, 40)} -> ${res.status} ${res.text.slice(0, 120)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
