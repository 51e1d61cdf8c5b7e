import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase } from '../../test/test-app.ts';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { drain } from '../lib/graceful-shutdown.ts';
import { SHIRT_PRODUCT_ID } from '../db/seed.ts';
import { cartLine } from '../features/checkout/checkout.factories.ts';

describe('rate limiting', () => {
  it('answers 429 with Retry-After once a client passes the limit, API routes only', async () => {
    const t = await createTestApp('sqlite', { rateLimitMax: 5 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await t.request('GET', '/api/designs')).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      const limited = await t.request('GET', '/api/products');
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        message: 'Too many requests. Please wait a moment and try again.',
        code: 'rate_limited',
      });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // Health probes are never limited.
      expect((await t.request('GET', '/healthz')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('applies a tighter per-route limit to error reports', async () => {
    const t = await createTestApp('sqlite');
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 22; i++) {
        statuses.push((await t.request('POST', '/api/log-error', { message: `e${i}` })).status);
      }
      expect(statuses.filter((s) => s === 202)).toHaveLength(20);
      expect(statuses.slice(20)).toEqual([429, 429]);
      const stored = await t.database.db.selectFrom('client_errors').select('id').execute();
      expect(stored).toHaveLength(20);
    } finally {
      await t.close();
    }
  });
});

describe('rate limiting behind a load balancer (TRUST_PROXY=1)', () => {
  it('limits a client that rotates X-Forwarded-For, on the fast lane and on Fastify routes', async () => {
    const t = await createTestApp('sqlite', { rateLimitMax: 4 }, { TRUST_PROXY: '1' });
    try {
      // What the load balancer forwards: the client's own (forged, rotating) header with the address
      // the balancer saw appended.
      const forwarded = (i: number, client = '203.0.113.9') => ({
        'x-forwarded-for': `10.${i >> 8}.${i & 255}.1, ${client}`,
      });
      const statuses: number[] = [];
      const lane = t.app.fastLane.answered;
      for (let i = 0; i < 12; i++) {
        // The catalogue list (fast lane once cached), its Fastify route, and an uncached route.
        const url = ['/api/designs', '/api/designs?via=route', '/api/products/nope'][i % 3]!;
        statuses.push((await t.request('GET', url, undefined, forwarded(i))).status);
      }
      expect(t.app.fastLane.answered).toBeGreaterThan(lane);
      expect(statuses.slice(0, 4)).toEqual([200, 200, 404, 200]);
      expect(statuses.slice(4)).toEqual(Array(8).fill(429));
      // Another client behind the same balancer has its own window.
      const other = await t.request(
        'GET',
        '/api/designs',
        undefined,
        forwarded(99, '198.51.100.7'),
      );
      expect(other.status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('trusts only the listed proxies: a client connecting directly cannot pick its address', async () => {
    const t = await createTestApp('sqlite', { rateLimitMax: 3 }, { TRUST_PROXY: '10.0.0.0/8' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const headers = { 'x-forwarded-for': `203.0.113.${i}` };
        statuses.push((await t.request('GET', '/api/designs', undefined, headers)).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('caching of API answers', () => {
  it('sends Cache-Control: no-store on every API answer but the cached catalogue GETs', async () => {
    const t = await createTestApp('sqlite');
    try {
      const started = await t.request('POST', '/api/orders/create-pi-guest', {
        cart: [cartLine()],
      });
      expect(started.status).toBe(200);
      expect(started.body).toHaveProperty('clientSecret');
      const uncached = [
        started,
        await t.request('POST', '/api/log-error', { message: 'boom' }),
        await t.request('POST', '/api/log-error', '{"unterminated'),
        await t.request('GET', '/api/products/nope'),
        await t.request('GET', '/api/no-such-route'),
        await t.request('GET', '/api/%E0%A4%A'),
      ];
      expect(uncached.map((r) => r.status)).toEqual([200, 202, 400, 404, 404, 400]);
      for (const res of uncached) expect(res.headers.get('cache-control')).toBe('no-store');

      // The catalogue keeps its revalidated, shared-cacheable answers, on the route and the fast lane.
      const lane = t.app.fastLane.answered;
      const cached = [
        await t.request('GET', '/api/designs?via=route'),
        await t.request('GET', '/api/designs'),
        await t.request('GET', `/api/products/${SHIRT_PRODUCT_ID}`),
        await t.request('GET', `/api/inventory/${SHIRT_PRODUCT_ID}`),
      ];
      expect(t.app.fastLane.answered).toBe(lane + 1);
      for (const res of cached) {
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
        expect(res.headers.get('etag')).toBeTruthy();
      }
    } finally {
      await t.close();
    }
  });
});

describe('API docs', () => {
  it('are off in production unless API_DOCS=1', async () => {
    const production = await createTestApp('sqlite', {}, { NODE_ENV: 'production' });
    try {
      for (const url of ['/api/docs', '/api/docs/', '/api/docs/json']) {
        const res = await production.request('GET', url);
        expect(res.status, url).toBe(404);
        expect(res.body).toEqual({ message: `Not found: GET ${url}`, code: 'not_found' });
      }
    } finally {
      await production.close();
    }
    const opted = await createTestApp('sqlite', {}, { NODE_ENV: 'production', API_DOCS: '1' });
    try {
      expect((await opted.request('GET', '/api/docs/')).status).toBe(200);
      expect((await opted.request('GET', '/api/docs/json')).body).toHaveProperty('openapi');
    } finally {
      await opted.close();
    }
    const development = await createTestApp('sqlite', {}, { NODE_ENV: 'development' });
    try {
      expect((await development.request('GET', '/api/docs/json')).status).toBe(200);
    } finally {
      await development.close();
    }
  });
});

describe('graceful shutdown', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  it('finishes in-flight requests and refuses new connections', async () => {
    const database = await createTestDatabase('sqlite');
    cleanups.push(() => database.drop());
    const config = { ...loadConfig({ NODE_ENV: 'test' }), webDistDir: '/nonexistent' };
    const app = await buildApp({ config, database, logger: false });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let arrived!: () => void;
    const inHandler = new Promise<void>((r) => (arrived = r));
    app.get('/slow', async () => {
      arrived();
      await gate;
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;

    const inflight = fetch(`${base}/slow`).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));
    // The request is in flight once its handler runs; the shutdown begins then, not after a guess.
    await inHandler;
    const closing = drain(app);
    // New connections are refused once the server has stopped listening (close() does that first,
    // while the in-flight request still holds its connection).
    await expect.poll(() => app.server.listening).toBe(false);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    release();
    await closing;
    await expect(inflight).resolves.toEqual({ status: 200, body: { done: true } });
  });
});

describe('logging', () => {
  /** Starts an app whose log lines land in `lines` (pino JSON, one object per line). */
  async function loggedApp(overrides: Partial<Config>) {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
          lines.push(JSON.parse(line) as Record<string, unknown>);
        }
        done();
      },
    });
    const t = await createTestApp('sqlite', { logLevel: 'info', ...overrides }, {}, { stream });
    return {
      app: t.app,
      lines,
      get: (url: string, headers: Record<string, string> = {}) =>
        fetch(t.baseUrl + url, { headers }),
      close: t.close,
    };
  }

  it('logs failed requests with their request id, and no access log by default', async () => {
    const t = await loggedApp({ logRequests: false });
    try {
      t.app.log.info('hello from the instance logger');
      expect((await t.get('/healthz')).status).toBe(200);
      const res = await t.get('/api/no-such-route');
      expect(res.status).toBe(404);
      const id = res.headers.get('x-request-id');
      expect(t.lines.find((l) => l.msg === 'hello from the instance logger')).toBeTruthy();
      expect(t.lines.find((l) => l.msg === 'not found')).toMatchObject({
        reqId: id,
        url: '/api/no-such-route',
        statusCode: 404,
      });
      expect(t.lines.some((l) => l.msg === 'request completed')).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('logs a client reaching its rate limit once, not once per refused request', async () => {
    const t = await loggedApp({ rateLimitMax: 2 });
    try {
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await t.get('/api/designs')).status);
      expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
      expect(t.lines.filter((l) => l.msg === 'rate limited')).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('keeps a well-formed X-Request-Id and replaces any other, in the answer and the log', async () => {
    const t = await loggedApp({ logRequests: false });
    try {
      const generated = /^[0-9a-f]{8}-[0-9a-z]+$/;
      await t.get('/api/designs');
      for (const url of ['/api/designs', '/api/no-such-route']) {
        const kept = await t.get(url, { 'x-request-id': 'lb-7f3a.2:x_y' });
        expect(kept.headers.get('x-request-id'), url).toBe('lb-7f3a.2:x_y');
        for (const sent of ['a'.repeat(65), 'id with spaces', '<script>', 'a"b']) {
          const res = await t.get(url, { 'x-request-id': sent });
          expect(res.headers.get('x-request-id'), `${url} ${sent}`).toMatch(generated);
        }
      }
      expect(t.app.fastLane.answered).toBeGreaterThan(0);
      const logged = t.lines.filter((l) => l.msg === 'not found').map((l) => l.reqId);
      expect(logged).toHaveLength(5);
      expect(logged[0]).toBe('lb-7f3a.2:x_y');
      for (const id of logged.slice(1)) expect(id).toMatch(generated);
    } finally {
      await t.close();
    }
  });

  it("gives each request pino's own child logger, bound to its request id", async () => {
    const database = await createTestDatabase('sqlite');
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const config = { ...loadConfig({ NODE_ENV: 'test' }), webDistDir: '/nonexistent' };
    const app = await buildApp({ config, database, logger: { level: 'info', stream } });
    app.get('/probe', (request) => {
      // What a third-party provider does with the logger it is handed.
      request.log.child({ provider: 'probe' }).info('from a provider');
      return { bindings: (request.log as Logger).bindings() };
    });
    try {
      const res = await app.inject({ url: '/probe', headers: { 'x-request-id': 'probe-1' } });
      expect(res.json()).toEqual({ bindings: { reqId: 'probe-1' } });
      expect(lines.map((l) => JSON.parse(l) as object)).toContainEqual(
        expect.objectContaining({ reqId: 'probe-1', provider: 'probe', msg: 'from a provider' }),
      );
    } finally {
      await app.close();
      await database.drop();
    }
  });

  it('writes an access line per request with LOG_REQUESTS', async () => {
    const t = await loggedApp({ logRequests: true });
    try {
      const res = await t.get('/healthz');
      const completed = t.lines.find((l) => l.msg === 'request completed');
      expect(completed).toMatchObject({ reqId: res.headers.get('x-request-id') });
      expect(completed?.res).toMatchObject({ statusCode: 200 });
    } finally {
      await t.close();
    }
  });
});
