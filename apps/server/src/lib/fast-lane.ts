import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import {
  CACHED_JSON_CACHE_CONTROL,
  JSON_CONTENT_TYPE,
  etagMatches,
  type Entry,
} from './cached-json.ts';
import { clientIp, type TrustFunction } from './proxy-trust.ts';
import type { LaneLimiter } from './rate-limiter.ts';

export interface FastLaneOptions {
  /** Off when the access log is on (LOG_REQUESTS), so that every request reaches Fastify's logger. */
  enabled: boolean;
  /** The API security headers (plugins/security.ts `apiSecurityHeaders`). */
  headers: Record<string, string>;
  /** The API's global limit, counted in memory and added to the shared windows in batches. */
  limiter: LaneLimiter;
  /** Fastify's `trustProxy` function (lib/proxy-trust.ts), so the lane keys the client as `request.ip`. */
  trustProxy: TrustFunction | false;
  /** Fastify's `genReqId` (a valid proxy-sent id, else the next of one sequence). */
  requestId: (req: IncomingMessage) => string;
}

/** The timeouts of the HTTP server (config.ts). */
export interface ServerTimeouts {
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  timeoutCheckIntervalMs: number;
}

/** The header lines of one cached entry, built on its first answer. */
interface Prepared {
  ok: string[];
  notModified: string[];
}

/**
 * Answers a few hot, public GETs (the catalogue lists) straight from node:http, before Fastify builds a
 * request and reply, routes and runs hooks: on this 2-core machine that costs about a quarter of the
 * catalogue's throughput (docs/decisions/008).
 *
 * The Fastify route stays the source of truth and the only writer of the cache. The lane answers only
 * an exact path whose cache entry is fresh, with the same bytes and headers the route would send (the
 * API security set, the request id, ETag, Cache-Control; 304 when the client holds the entry), and
 * counts the request toward the client's shared rate-limit window (lib/rate-limiter.ts `LaneLimiter`)
 * while the client is within its limit as far as this process knows. Anything else
 * (another method or path, a query string, a stale entry, a client at its limit, a server closing)
 * falls through to Fastify.
 */
export class FastLane {
  private readonly routes = new Map<string, () => Entry | undefined>();
  private readonly prepared = new WeakMap<Entry, Prepared>();
  private open: boolean;
  /** How many requests the lane has answered (tests, and a figure for operators). */
  answered = 0;

  constructor(private readonly options: FastLaneOptions) {
    this.open = options.enabled;
  }

  /** Serves GET `path` from `current()`, the route's cache entry while it is fresh. */
  add(path: string, current: () => Entry | undefined): void {
    this.routes.set(path, current);
  }

  /** From now on every request goes to Fastify (it answers 503 while it closes). */
  close(): void {
    this.open = false;
  }

  /** Answers the request and returns true, or returns false and leaves it untouched. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.open || req.method !== 'GET') return false;
    const current = this.routes.get(req.url ?? '');
    const entry = current?.();
    if (entry === undefined) return false;
    const { limiter, requestId } = this.options;
    if (!limiter.tryHit(clientIp(req, this.options.trustProxy))) return false;
    const prepared = this.prepare(entry);
    const notModified = etagMatches(req.headers['if-none-match'], entry.etag);
    const lines = (notModified ? prepared.notModified : prepared.ok).slice();
    lines.push('x-request-id', requestId(req));
    res.writeHead(notModified ? 304 : 200, lines);
    res.end(notModified ? undefined : entry.buffer);
    this.answered++;
    return true;
  }

  /**
   * Flat header lists (name, value, name, value…): node writes them without the per-request object a
   * header map would need. An object spread per request here cost more than all of Fastify.
   */
  private prepare(entry: Entry): Prepared {
    let prepared = this.prepared.get(entry);
    if (prepared === undefined) {
      const common = [
        ...Object.entries(this.options.headers).flat(),
        'etag',
        entry.etag,
        'cache-control',
        CACHED_JSON_CACHE_CONTROL,
      ];
      prepared = {
        ok: [
          ...common,
          'content-type',
          JSON_CONTENT_TYPE,
          'content-length',
          String(entry.buffer.length),
        ],
        notModified: common,
      };
      this.prepared.set(entry, prepared);
    }
    return prepared;
  }
}

/**
 * Fastify's `serverFactory`: the HTTP/1.1 server Fastify would build itself, with the lane in front of
 * Fastify's handler, and bounded time for every request: its headers must arrive within
 * `headersTimeoutMs` and all of it within `requestTimeoutMs`, checked every `timeoutCheckIntervalMs`
 * (node's default check, every 30 s, would let a slow client hold a connection for twice the limit).
 * A request past its time gets a 408 from the 'clientError' handler and its connection is closed.
 */
export function fastLaneServer(lane: FastLane, timeouts: ServerTimeouts): FastifyServerFactory {
  return (handler: RequestListener, options): Server => {
    const http: ServerOptions = {
      ...(options.http as ServerOptions | undefined),
      requestTimeout: timeouts.requestTimeoutMs,
      headersTimeout: timeouts.headersTimeoutMs,
      connectionsCheckingInterval: timeouts.timeoutCheckIntervalMs,
    };
    const server = createServer(http, (req, res) => {
      if (!lane.answer(req, res)) handler(req, res);
    });
    // Fastify's defaults, as lib/server.js applies them to the server it builds.
    server.keepAliveTimeout = milliseconds(options.keepAliveTimeout, 72_000);
    server.setTimeout(milliseconds(options.connectionTimeout, 0));
    return server;
  };
}

const milliseconds = (value: unknown, fallback: number) =>
  typeof value === 'number' ? value : fallback;
