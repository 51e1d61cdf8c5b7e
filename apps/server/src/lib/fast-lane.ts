import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import { CACHED_JSON_CACHE_CONTROL, CACHED_JSON_VARY, JSON_CONTENT_TYPE } from './cached-json.ts';
import { encodedFor, etagMatches, type SentBody } from './compressed-body.ts';
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

/**
 * What the lane answers on some paths: the fixed headers of those answers, whether each counts toward
 * the client's API rate limit, and the route its answers are measured under (null: the path itself,
 * which is the route's own pattern).
 */
interface Kind {
  headers: Record<string, string>;
  limited: boolean;
  route: string | null;
}

/** Told of every answer the lane gives (plugins/metrics.ts): its route, status and time in seconds. */
export type LaneObserver = (route: string, statusCode: number, seconds: number) => void;

/** The header lines of one body, per encoding sent, built on its first answer. */
interface Prepared {
  identity: string[];
  br: string[] | null;
  gzip: string[] | null;
  notModified: string[];
}

/** A set of answers the lane gives besides the catalogue lists (the prerendered pages). */
export interface LaneAnswers {
  /** The answer's headers besides the entity tag, encoding, length and request id. */
  headers: Record<string, string>;
  /** The body for a path (without a query string), while it is current; else undefined. */
  find: (path: string) => SentBody | undefined;
  /** The route these answers are measured under (the path is not a pattern: one label for all). */
  route: string;
}

/**
 * Answers a few hot, public GETs straight from node:http, before Fastify builds a request and reply,
 * routes and runs hooks: on this 2-core machine that costs about a quarter of the catalogue's
 * throughput (docs/decisions/008). The catalogue lists (`add`) and the prerendered pages (`serve`).
 *
 * Their Fastify routes stay the source of truth and the only writers of what the lane sends. The lane
 * answers only an exact path whose body is current, with the same bytes and headers the route would
 * send (the security set, the request id, ETag, Cache-Control, Vary; brotli or gzip as the client
 * accepts; 304 when the client holds the body), and counts an API request toward the client's shared
 * rate-limit window (lib/rate-limiter.ts `LaneLimiter`) while the client is within its limit as far as
 * this process knows. Anything else (another method or path, a query string, a stale body, a client at
 * its limit, a server closing) falls through to Fastify.
 */
export class FastLane {
  private readonly routes = new Map<string, () => SentBody | undefined>();
  private readonly api: Kind;
  private readonly answers: { kind: Kind; find: (path: string) => SentBody | undefined }[] = [];
  private readonly prepared = new WeakMap<SentBody, Prepared>();
  private open: boolean;
  /** How many requests the lane has answered (tests, and a figure for operators). */
  answered = 0;
  /** Told of each answer while set (METRICS_TOKEN): Fastify's hooks never see the lane's answers. */
  observer: LaneObserver | undefined;

  constructor(private readonly options: FastLaneOptions) {
    this.open = options.enabled;
    this.api = {
      headers: {
        ...options.headers,
        'cache-control': CACHED_JSON_CACHE_CONTROL,
        vary: CACHED_JSON_VARY,
        'content-type': JSON_CONTENT_TYPE,
      },
      limited: true,
      route: null,
    };
  }

  /** Serves GET `path` (an API list) from `current()`, the route's cache entry while it is fresh. */
  add(path: string, current: () => SentBody | undefined): void {
    this.routes.set(path, current);
  }

  /** Serves the paths `answers.find` knows (not counted toward the API's rate limit). */
  serve(answers: LaneAnswers): void {
    this.answers.push({
      kind: { headers: answers.headers, limited: false, route: answers.route },
      find: answers.find,
    });
  }

  /** From now on every request goes to Fastify (it answers 503 while it closes). */
  close(): void {
    this.open = false;
  }

  /** Answers the request and returns true, or returns false and leaves it untouched. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.open || req.method !== 'GET') return false;
    const { observer } = this;
    const started = observer ? performance.now() : 0;
    const url = req.url ?? '';
    let kind = this.api;
    let body = this.routes.get(url)?.();
    if (body === undefined) {
      if (url.includes('?')) return false;
      for (const answers of this.answers) {
        body = answers.find(url);
        if (body !== undefined) {
          kind = answers.kind;
          break;
        }
      }
      if (body === undefined) return false;
    }
    const { limiter, requestId } = this.options;
    if (kind.limited && !limiter.tryHit(clientIp(req, this.options.trustProxy))) return false;
    const prepared = this.prepare(body, kind);
    let status: 200 | 304 = 200;
    if (etagMatches(req.headers['if-none-match'], body.etag)) {
      status = 304;
      res.writeHead(304, [...prepared.notModified, 'x-request-id', requestId(req)]);
      res.end();
    } else {
      const { bytes, encoding } = encodedFor(body, req.headers['accept-encoding']);
      const lines = encoding ? prepared[encoding]! : prepared.identity;
      res.writeHead(200, [...lines, 'x-request-id', requestId(req)]);
      res.end(bytes);
    }
    this.answered++;
    observer?.(kind.route ?? url, status, (performance.now() - started) / 1000);
    return true;
  }

  /**
   * Flat header lists (name, value, name, value…): node writes them without the per-request object a
   * header map would need. An object spread per request here cost more than all of Fastify.
   */
  private prepare(body: SentBody, kind: Kind): Prepared {
    let prepared = this.prepared.get(body);
    if (prepared === undefined) {
      const { 'content-type': contentType, ...rest } = kind.headers;
      const common = [...Object.entries(rest).flat(), 'etag', body.etag];
      const sent = (bytes: Buffer | null, encoding?: string) =>
        bytes === null
          ? null
          : [
              ...common,
              ...(contentType ? ['content-type', contentType] : []),
              ...(encoding ? ['content-encoding', encoding] : []),
              'content-length',
              String(bytes.length),
            ];
      prepared = {
        identity: sent(body.buffer)!,
        br: sent(body.br, 'br'),
        gzip: sent(body.gzip, 'gzip'),
        notModified: common,
      };
      this.prepared.set(body, prepared);
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
