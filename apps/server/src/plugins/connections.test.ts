import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

interface RawAnswer {
  /** Everything the server wrote before it closed the connection. */
  text: string;
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Writes `chunks` to a raw socket (nothing a fetch client would refuse to send), then waits for the
 * server to close the connection; fails when it is still open after `waitMs` (a deadline, not a wait:
 * the answer comes as soon as the server closes).
 */
function raw(t: TestApp, chunks: string[], waitMs = 5_000): Promise<RawAnswer> {
  const { port } = new URL(t.baseUrl);
  const deadline = AbortSignal.timeout(waitMs);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const received: Buffer[] = [];
    const giveUp = () => {
      socket.destroy();
      reject(new Error(`the server kept the connection open for ${waitMs} ms`));
    };
    deadline.addEventListener('abort', giveUp, { once: true });
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      deadline.removeEventListener('abort', giveUp);
      const text = Buffer.concat(received).toString('latin1');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      let body: unknown;
      try {
        body = JSON.parse(rest.join('\r\n\r\n'));
      } catch {
        body = undefined;
      }
      resolve({ text, status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.on('connect', () => {
      for (const chunk of chunks) socket.write(chunk);
    });
  });
}

/** The shop's answer to a connection it refuses: its JSON error body, the API headers, and close. */
function expectShopError(answer: RawAnswer, status: number) {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.body).toMatchObject({ message: expect.any(String) as string });
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(answer.headers['content-security-policy']).toBe(
    "default-src 'none'; frame-ancestors 'none'",
  );
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.headers['connection']).toBe('close');
  expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
}

describe('requests Node’s HTTP parser refuses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it.each([
    ['a raw space in the URL', 'GET /api/de signs HTTP/1.1\r\nHost: shop\r\n\r\n', 400],
    ['a NUL in the URL', 'GET /api/\0designs HTTP/1.1\r\nHost: shop\r\n\r\n', 400],
    [
      'both Content-Length and Transfer-Encoding',
      'POST /api/log-error HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\n' +
        'Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      400,
    ],
    [
      'headers over 16 KB',
      `GET /api/designs HTTP/1.1\r\nHost: shop\r\nX-Padding: ${'a'.repeat(17_000)}\r\n\r\n`,
      431,
    ],
  ])('answers %s in the shop’s error shape and closes', async (_name, request, status) => {
    expectShopError(await raw(t, [request]), status);
  });

  it('still answers a well-formed request on the same server', async () => {
    const ok = await raw(t, ['GET /healthz HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n']);
    expect(ok.status).toBe(200);
  });
});

describe('slow requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      'sqlite',
      {},
      { REQUEST_TIMEOUT_MS: '500', HEADERS_TIMEOUT_MS: '500', TIMEOUT_CHECK_INTERVAL_MS: '300' },
    );
  });
  afterAll(async () => t?.close());

  it('answers 408 and closes connections whose body or headers stop arriving', async () => {
    const halfBody = raw(t, [
      'POST /api/log-error HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"message":',
    ]);
    const halfHeaders = raw(t, ['GET /api/designs HTTP/1.1\r\nHost: shop\r\nX-Slow: '], 5_000);
    const many = Array.from({ length: 20 }, () =>
      raw(t, [
        'POST /api/orders/update-pi HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\n' +
          'Content-Length: 50\r\n\r\n{',
      ]),
    );
    expectShopError(await halfBody, 408);
    expectShopError(await halfHeaders, 408);
    for (const answer of await Promise.all(many)) expect(answer.status).toBe(408);
    // The server is still there for everyone else.
    expect((await t.request('GET', '/healthz')).status).toBe(200);
  });
});
