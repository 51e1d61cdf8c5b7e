import type { IncomingMessage } from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { clientIp, parseTrustProxy, trustFunction, type TrustProxy } from './proxy-trust.ts';

/** A request from `peer` (the socket's address) with an X-Forwarded-For header. */
const from = (peer: string, forwardedFor?: string) =>
  ({
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    socket: { remoteAddress: peer },
  }) as unknown as IncomingMessage;

const ip = (trust: TrustProxy, peer: string, forwardedFor?: string) =>
  clientIp(from(peer, forwardedFor), trustFunction(trust));

describe('TRUST_PROXY', () => {
  it('reads off, a hop count, or a list of addresses and ranges', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, loopback,uniquelocal')).toEqual([
      '10.0.0.0/8',
      'loopback',
      'uniquelocal',
    ]);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });

  it('refuses to trust every hop, and says what to set instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=1 .*TRUST_PROXY=10\./);
    expect(() => parseTrustProxy('TRUE')).toThrow(/trust every hop/);
  });

  it('refuses an entry that is not an address, a range or a known name', () => {
    expect(() => parseTrustProxy('10.0.0.0/8,proxy.internal')).toThrow(
      /TRUST_PROXY="10.0.0.0\/8,proxy.internal": invalid IP address: proxy.internal/,
    );
    expect(() => parseTrustProxy('10.0.0.0/40')).toThrow(/invalid range/);
  });
});

describe('the client address', () => {
  it('is the socket’s peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(ip(false, '198.51.100.7', '203.0.113.1')).toBe('198.51.100.7');
    expect(ip(0, '198.51.100.7', '203.0.113.1')).toBe('198.51.100.7');
  });

  it('with a hop count, is the entry the outermost trusted proxy appended', () => {
    // The client forged the first entry; the load balancer (10.0.0.2) appended the real one.
    expect(ip(1, '10.0.0.2', '1.2.3.4, 203.0.113.9')).toBe('203.0.113.9');
    expect(ip(1, '10.0.0.2', '203.0.113.9')).toBe('203.0.113.9');
    // Two proxies: a CDN appended the client, the load balancer appended the CDN.
    expect(ip(2, '10.0.0.2', '1.2.3.4, 203.0.113.9, 192.0.2.50')).toBe('203.0.113.9');
    // Fewer entries than hops: the left-most there is.
    expect(ip(3, '10.0.0.2', '203.0.113.9')).toBe('203.0.113.9');
    expect(ip(1, '10.0.0.2')).toBe('10.0.0.2');
  });

  it('with a list, trusts only proxies at those addresses', () => {
    const trust = ['10.0.0.0/8', 'loopback'];
    expect(ip(trust, '10.0.0.2', '1.2.3.4, 203.0.113.9')).toBe('203.0.113.9');
    expect(ip(trust, '10.0.0.2', '1.2.3.4, 203.0.113.9, 10.1.1.1')).toBe('203.0.113.9');
    expect(ip(trust, '127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    // A client reaching the server directly is not a proxy: its header is ignored.
    expect(ip(trust, '198.51.100.7', '203.0.113.9')).toBe('198.51.100.7');
  });

  it('is what Fastify’s request.ip says with the same trust', async () => {
    const cases: Array<[TrustProxy, string | undefined]> = [
      [1, '1.2.3.4, 203.0.113.9'],
      [2, '1.2.3.4, 203.0.113.9, 192.0.2.50'],
      [['loopback'], '1.2.3.4, 203.0.113.9'],
      [['10.0.0.0/8'], '1.2.3.4, 203.0.113.9'],
      [false, '203.0.113.9'],
    ];
    for (const [trust, forwardedFor] of cases) {
      const app = Fastify({ trustProxy: trustFunction(trust) });
      app.get('/', (request) => ({ ip: request.ip }));
      const headers = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
      // inject's peer is 127.0.0.1.
      const res = await app.inject({ url: '/', headers, remoteAddress: '127.0.0.1' });
      expect(res.json(), JSON.stringify(trust)).toEqual({
        ip: ip(trust, '127.0.0.1', forwardedFor),
      });
      await app.close();
    }
  });
});
