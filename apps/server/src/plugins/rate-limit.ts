import rateLimit from '@fastify/rate-limit';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { HttpError } from '../lib/http-errors.ts';
import type { LaneLimiter, SharedWindows } from '../lib/rate-limiter.ts';
import { databaseWindows, rateLimitStore, redisWindows } from './rate-limit-store.ts';
import { registerRateWindowSweep } from './rate-window-sweep-job.ts';

/** The global window: `RATE_LIMIT_MAX` requests per client per minute on /api. */
export const RATE_LIMIT_WINDOW_MS = 60_000;

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again.';

/**
 * Where the windows live: Redis when `REDIS_URL` is set (connected here, so a wrong URL stops the start),
 * else the database's `rate_limits` table.
 */
export async function sharedWindows(
  config: Config,
  database: DatabaseHandle,
): Promise<SharedWindows> {
  if (!config.redisUrl) return databaseWindows(database.db);
  const { Redis } = await import('ioredis');
  // No offline queue: while Redis is unreachable a write fails at once (and the request is let through,
  // `skipOnError`) instead of waiting for a reconnection.
  const redis = new Redis(config.redisUrl, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  });
  redis.on('error', () => {}); // reconnects on its own; failed writes are logged by the store's caller
  await redis.connect();
  return redisWindows(redis);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends this process's unsent rate-limit hits to the shared windows now (tests, shutdown). */
    syncRateLimits: () => Promise<void>;
    /**
     * A limit on a key of the request's own (an order number, an account) beside the client's: a
     * preHandler hook (the body is parsed and valid by then) counting the request in the windows named
     * `options.name`, shared by every process like the others.
     */
    keyedRateLimit: (options: KeyedRateLimit) => preHandlerAsyncHookHandler;
  }
}

/** A limit counted per key of the request (plugins/rate-limit.ts `keyedRateLimit`). */
export interface KeyedRateLimit {
  /** The windows' name, apart from every route's and group's: e.g. 'order-proof:order-client'. */
  name: string;
  /** Requests allowed per key and window; the next one is refused. */
  max: number;
  /** The window's length in milliseconds. */
  timeWindow: number;
  /** The key the request counts under. */
  key: (request: FastifyRequest) => string;
  /** The message of the 429 (`code: 'rate_limited'`). */
  message: string;
}

/** Counts a request against the client's global window; throws the 429 when it is over. */
export type ApiLimit = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * @fastify/rate-limit on every /api route (plugins/security.ts turns it off for pages and files), in
 * windows shared by every process (docs/decisions/010). A route may set its own limit and window with
 * `config: { rateLimit: { max, timeWindow } }`; it then counts in a window of its own. The key is
 * `request.ip`, which `TRUST_PROXY` derives (lib/proxy-trust.ts), as the fast lane's is.
 *
 * Over the limit: 429 `{ message, code: 'rate_limited' }` through the error handler, with Retry-After;
 * the hook runs after the security headers' hook, so the answer has them. A client reaching a limit is
 * logged once per window (the write that crosses it), not once per refused request.
 *
 * Returns the check for requests no route answers (unknown /api URLs, bad URLs), which count too.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  config: Config,
  windows: SharedWindows,
  lane: LaneLimiter,
): Promise<ApiLimit> {
  const reached = new Set<string>();
  let lastError = 0;
  const logError = (err: unknown) => {
    // At most one line a minute: a store that is down must not flood the log.
    if (Date.now() - lastError < RATE_LIMIT_WINDOW_MS) return;
    lastError = Date.now();
    app.log.error({ err }, 'rate-limit store unreachable; requests are not being limited');
  };
  const store = rateLimitStore({
    windows,
    lane,
    onLimitReached: (key) => reached.add(key),
    onError: logError,
  });
  app.decorate('syncRateLimits', () => store.syncAll());
  app.decorate('keyedRateLimit', (options: KeyedRateLimit) => {
    const counter = store.named(options.name);
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const key = options.key(request);
      const { current, ttl } = await new Promise<{ current: number; ttl: number }>(
        (resolve, reject) =>
          counter.incr(
            key,
            (error, result) => (error || !result ? reject(error) : resolve(result)),
            options.timeWindow,
            options.max,
          ),
      );
      if (current <= options.max) return;
      if (reached.delete(key)) {
        request.log.info(
          { ip: request.ip, url: request.url, limit: options.name, statusCode: 429 },
          'rate limited',
        );
      }
      reply.header('retry-after', Math.ceil(ttl / 1000));
      throw new HttpError(429, options.message, undefined, { code: 'rate_limited' });
    };
  });
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: RATE_LIMIT_WINDOW_MS,
    keyGenerator: (request) => request.ip,
    store,
    // Counting never waits for the shared store; a batched write that fails is logged (logError) and
    // its hits are kept for the next one.
    skipOnError: true,
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    onExceeded(request, key) {
      if (reached.delete(key)) {
        request.log.info({ ip: request.ip, url: request.url, statusCode: 429 }, 'rate limited');
      }
    },
    errorResponseBuilder: () =>
      new HttpError(429, TOO_MANY_REQUESTS, undefined, { code: 'rate_limited' }),
  });

  lane.onError = logError;
  // Windows in the database are swept once a window across every process; Redis expires its own.
  // Declared when the app is ready: this plugin comes before the job engine (app.ts), whose own
  // onReady hook, added after this one, starts the queue.
  if (!config.redisUrl) {
    app.addHook('onReady', async () =>
      registerRateWindowSweep(app.jobs, windows, RATE_LIMIT_WINDOW_MS),
    );
  }
  app.addHook('onClose', async () => {
    await store.closeAll();
    await lane.close();
    await windows.close();
  });
  const check = app.rateLimit();
  return async (request, reply) => {
    await check.call(app, request, reply);
  };
}
