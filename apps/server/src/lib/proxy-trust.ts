import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/**
 * Which proxies in front of the shop are trusted to say who the client is (`TRUST_PROXY`): none, the
 * nearest `hops` (a load balancer or two), or those at the listed addresses and CIDR ranges (with
 * proxy-addr's names `loopback`, `linklocal`, `uniquelocal`).
 */
export type TrustProxy = false | number | string[];

/** Whether the address `addr`, `i` hops from the server (0 = the socket's peer), is a trusted proxy. */
export type TrustFunction = (addr: string, i: number) => boolean;

const HOWTO =
  'Set TRUST_PROXY to the number of proxies in front of the shop (TRUST_PROXY=1 behind one load ' +
  'balancer) or to their addresses (TRUST_PROXY=10.0.0.0/8,loopback).';

/**
 * Reads `TRUST_PROXY`. `true` is refused: trusting every hop lets any client pick its address (and
 * so its rate-limit window) by sending `X-Forwarded-For`.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return false;
  if (text.toLowerCase() === 'true') {
    throw new Error(
      `TRUST_PROXY=true would trust every hop, so any client could choose its IP address with ` +
        `X-Forwarded-For. ${HOWTO}`,
    );
  }
  if (/^\d+$/.test(text)) return Number(text);
  const list = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  try {
    proxyAddr.compile(list);
  } catch (err) {
    throw new Error(`TRUST_PROXY="${text}": ${(err as Error).message}. ${HOWTO}`);
  }
  return list;
}

/**
 * The trust function both Fastify (`trustProxy`) and the fast lane use, so they derive the same client
 * address. A hop count trusts the nearest `n` addresses: the client is the entry the outermost of them
 * appended (the n-th from the right of `X-Forwarded-For`), never the left-most a client can forge.
 */
export function trustFunction(trust: TrustProxy): TrustFunction | false {
  if (trust === false || trust === 0) return false;
  if (typeof trust === 'number') return (_addr, i) => i < trust;
  if (trust.length === 0) return false;
  return proxyAddr.compile(trust);
}

/** The client's address, as Fastify's `request.ip` has it with the same trust function. */
export function clientIp(req: IncomingMessage, trust: TrustFunction | false): string {
  if (trust === false) return req.socket.remoteAddress ?? '';
  const addrs = proxyAddr.all(req, trust);
  return addrs[addrs.length - 1] ?? '';
}
