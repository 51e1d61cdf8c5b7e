import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet, stableHeaders } from '../../test/raw-get.ts';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../test/test-app.ts';
import type { SentBody } from './compressed-body.ts';
import { FastLane } from './fast-lane.ts';
import type { LaneLimiter } from './rate-limiter.ts';

const LISTS = ['/api/products', '/api/designs', '/api/configuration'];

/** The headers that differ between any two answers. */
const PER_ANSWER = new Set(['x-request-id', 'date']);
const stable = (headers: Headers) =>
  Object.fromEntries([...headers].filter(([name]) => !PER_ANSWER.has(name)));

/** GETs `path` and reports whether the fast lane answered it. */
async function viaLane(t: TestApp, path: string, headers: Record<string, string> = {}) {
  const before = t.app.fastLane.answered;
  const res = await t.request('GET', path, undefined, headers);
  return { ...res, lane: t.app.fastLane.answered === before + 1 };
}

describe.each(DATABASE_KINDS)('fast lane on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('sends the designs list compressed as the client takes it: brotli first, then gzip', async () => {
    const list = await rawGet(t.baseUrl, '/api/designs');
    expect(list.headers['content-encoding']).toBeUndefined();
    const json = list.body.toString();
    const cases: [string, string | undefined, (b: Buffer) => Buffer][] = [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
      ['br;q=0, gzip;q=0.5', 'gzip', gunzipSync],
      ['*', 'br', brotliDecompressSync],
      ['identity', undefined, (b) => b],
      ['br;q=0, gzip;q=0', undefined, (b) => b],
    ];
    for (const [accept, encoding, inflate] of cases) {
      const answer = await rawGet(t.baseUrl, '/api/designs', { 'accept-encoding': accept });
      expect([accept, answer.headers['content-encoding']]).toEqual([accept, encoding]);
      expect(inflate(answer.body).toString()).toBe(json);
      expect(answer.headers.etag).toBe(list.headers.etag);
    }
    const br = await rawGet(t.baseUrl, '/api/designs', { 'accept-encoding': 'br' });
    expect(br.body.length).toBeLessThan(list.body.length / 3);
  });

  it.each(LISTS)('answers %s with the bytes and headers of its Fastify route', async (path) => {
    // A query string takes the request past the lane to the route (which ignores it).
    const route = await viaLane(t, `${path}?via=route`);
    expect(route.lane).toBe(false);
    const lane = await viaLane(t, path);
    expect(lane.lane).toBe(true);
    expect(lane.status).toBe(200);
    expect(lane.text).toBe(route.text);
    expect(stable(lane.headers)).toEqual(stable(route.headers));
    expect(lane.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(lane.headers.get('vary')).toBe('accept-encoding');

    // The same bytes as sent, for each encoding a client may take (fetch would inflate them).
    for (const accept of ['identity', 'gzip, deflate', 'gzip, deflate, br, zstd', 'br;q=0, gzip']) {
      const before = t.app.fastLane.answered;
      const viaRoute = await rawGet(t.baseUrl, `${path}?via=route`, { 'accept-encoding': accept });
      const viaLaneRaw = await rawGet(t.baseUrl, path, { 'accept-encoding': accept });
      expect(t.app.fastLane.answered).toBe(before + 1);
      expect(viaLaneRaw.body.equals(viaRoute.body)).toBe(true);
      expect(stableHeaders(viaLaneRaw.headers)).toEqual(stableHeaders(viaRoute.headers));
      expect(viaLaneRaw.headers['content-length']).toBe(String(viaLaneRaw.body.length));
    }

    const etag = lane.headers.get('etag')!;
    const routeNotModified = await viaLane(t, `${path}?via=route`, { 'if-none-match': etag });
    const laneNotModified = await viaLane(t, path, { 'if-none-match': `W/${etag}, "other"` });
    expect(laneNotModified).toMatchObject({ lane: true, status: 304, text: '' });
    expect(routeNotModified).toMatchObject({ lane: false, status: 304, text: '' });
    expect(stable(laneNotModified.headers)).toEqual(stable(routeNotModified.headers));
  });

  it('keeps a proxy’s X-Request-Id, else numbers answers in the app’s one sequence', async () => {
    await viaLane(t, '/api/designs');
    const kept = await viaLane(t, '/api/designs', { 'x-request-id': 'edge-42' });
    expect(kept).toMatchObject({ lane: true });
    expect(kept.headers.get('x-request-id')).toBe('edge-42');

    const a = await viaLane(t, '/api/designs');
    const b = await viaLane(t, '/api/designs?via=route');
    const c = await viaLane(t, '/api/designs');
    const ids = [a, b, c].map((r) => r.headers.get('x-request-id')!);
    expect(ids.map((id) => id.split('-')[0])).toEqual(Array(3).fill(ids[0]!.split('-')[0]));
    const counters = ids.map((id) => parseInt(id.split('-')[1]!, 36));
    expect(counters[1]).toBe(counters[0]! + 1);
    expect(counters[2]).toBe(counters[1]! + 1);
  });

  it('steps aside for a stale entry, HEAD and other paths, and serves the refreshed entry', async () => {
    await viaLane(t, '/api/configuration');
    t.app.catalogCache.invalidate();
    await t.database.db
      .updateTable('settings')
      .set({ value: JSON.stringify(12_500) })
      .where('key', '=', 'freeShippingTarget')
      .execute();
    const refreshed = await viaLane(t, '/api/configuration');
    expect(refreshed.lane).toBe(false);
    expect(refreshed.body).toMatchObject({ freeShippingTarget: 12_500 });
    const again = await viaLane(t, '/api/configuration');
    expect(again).toMatchObject({ lane: true, text: refreshed.text });

    const head = await t.request('HEAD', '/api/configuration');
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(again.headers.get('etag'));
    const before = t.app.fastLane.answered;
    expect((await t.request('GET', '/api/configuration/')).status).toBe(200);
    expect((await t.request('GET', '/api/inventory/nope')).status).toBe(404);
    expect((await t.request('POST', '/api/designs', {})).status).toBe(404);
    expect(t.app.fastLane.answered).toBe(before);
  });
});

describe('fast lane limits', () => {
  it('counts its answers in the client’s window and leaves the 429 to Fastify', async () => {
    const t = await createTestApp('sqlite', { rateLimitMax: 3 });
    try {
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await viaLane(t, '/api/products'));
      expect(answers.map((a) => [a.status, a.lane])).toEqual([
        [200, false], // the cache was cold: the route answered and filled it
        [200, true],
        [200, true],
        [429, false],
        [429, false],
      ]);
      expect(answers[3]!.body).toEqual({
        message: 'Too many requests. Please wait a moment and try again.',
        code: 'rate_limited',
      });
      expect(Number(answers[3]!.headers.get('retry-after'))).toBeGreaterThan(0);
      // The window is the client's, whichever route it asks.
      expect((await t.request('GET', '/api/designs')).status).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('behind a trusted proxy, gives each forwarded client its own window', async () => {
    const t = await createTestApp('sqlite', { rateLimitMax: 2 }, { TRUST_PROXY: '1' });
    try {
      // The load balancer appends the address it saw to whatever the client sent.
      const from = (client: string, sent?: string) =>
        viaLane(t, '/api/designs', { 'x-forwarded-for': sent ? `${sent}, ${client}` : client });
      const first = [
        await from('203.0.113.5'),
        await from('203.0.113.5', '10.1.0.1'),
        await from('203.0.113.5', '10.1.0.2'),
      ];
      expect(first.map((a) => [a.status, a.lane])).toEqual([
        [200, false],
        [200, true],
        [429, false],
      ]);
      // The right-most address is the client, as Fastify's request.ip has it with one trusted hop.
      const other = await from('198.51.100.7', '203.0.113.5');
      expect([other.status, other.lane]).toEqual([200, true]);
    } finally {
      await t.close();
    }
  });

  it('is off with the access log, so that Fastify logs every request', async () => {
    const t = await createTestApp('sqlite', { logRequests: true });
    try {
      for (let i = 0; i < 3; i++) expect((await t.request('GET', '/api/designs')).status).toBe(200);
      expect(t.app.fastLane.answered).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('runs on the server Fastify would build, and steps aside once the app closes', async () => {
    const t = await createTestApp('sqlite');
    expect(t.app.server.keepAliveTimeout).toBe(72_000);
    // Bounded time for every request (config.ts defaults), on the server that really listens.
    expect(t.app.server.requestTimeout).toBe(30_000);
    expect(t.app.server.headersTimeout).toBe(10_000);
    expect((await t.request('GET', '/api/products')).status).toBe(200);
    const request = {
      method: 'GET',
      url: '/api/products',
      headers: {},
      socket: { remoteAddress: '127.0.0.1' },
    } as unknown as IncomingMessage;
    const response = {} as ServerResponse; // any write would throw: the lane must not touch it
    expect(t.app.catalogCache.peek('products')).toBeDefined();
    await t.close();
    expect(t.app.fastLane.answer(request, response)).toBe(false);
  });
});

describe('fast lane observer', () => {
  it('tells the metrics of each answer: a list under its own path, the pages under one label', () => {
    const lane = new FastLane({
      enabled: true,
      headers: {},
      limiter: { tryHit: () => true } as unknown as LaneLimiter,
      trustProxy: false,
      requestId: () => 'req-1',
    });
    const body: SentBody = { buffer: Buffer.from('[]'), etag: '"e1"', br: null, gzip: null };
    lane.add('/api/designs', () => body);
    lane.serve({
      headers: {},
      find: (path) => (path.startsWith('/designs/') ? body : undefined),
      route: 'page',
    });
    const request = (url: string, headers: Record<string, string> = {}) =>
      ({
        method: 'GET',
        url,
        headers,
        socket: { remoteAddress: '127.0.0.1' },
      }) as unknown as IncomingMessage;
    const response = () => ({ writeHead() {}, end() {} }) as unknown as ServerResponse;

    // Unobserved, the lane answers as before.
    expect(lane.answer(request('/api/designs'), response())).toBe(true);
    const seen: [string, number, number][] = [];
    lane.observer = (route, status, seconds) => seen.push([route, status, seconds]);
    expect(lane.answer(request('/api/designs'), response())).toBe(true);
    expect(lane.answer(request('/designs/alaska', { 'if-none-match': '"e1"' }), response())).toBe(
      true,
    );
    expect(lane.answer(request('/designs/ember'), response())).toBe(true);
    // Not the lane's: Fastify answers it, and its hook measures it.
    expect(lane.answer(request('/api/designs?x=1'), response())).toBe(false);
    expect(seen.map(([route, status]) => [route, status])).toEqual([
      ['/api/designs', 200],
      ['page', 304],
      ['page', 200],
    ]);
    for (const [, , seconds] of seen) {
      expect(seconds).toBeGreaterThanOrEqual(0);
      expect(seconds).toBeLessThan(1);
    }
  });
});
