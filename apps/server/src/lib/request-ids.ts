import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A proxy's X-Request-Id the shop keeps: short, and nothing that could break a log line or header. */
const RELAYED_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Request ids: this process's random prefix and a counter ("3f9a1c02-1b"), unique across processes and
 * restarts, and far cheaper than a UUID per request. A proxy's X-Request-Id is kept instead when it
 * matches RELAYED_ID; any other value (too long, spaces, control characters, repeated headers) is
 * replaced, since it is echoed in the answer and written to the log. Fastify's `genReqId` and the fast
 * lane share one; without a request (a connection Node refused) it is the next of the sequence.
 */
export function requestIds(): (req?: IncomingMessage) => string {
  const boot = randomBytes(4).toString('hex');
  let seq = 0;
  return (req) => {
    const relayed = req?.headers['x-request-id'];
    if (typeof relayed === 'string' && RELAYED_ID.test(relayed)) return relayed;
    return `${boot}-${(++seq).toString(36)}`;
  };
}
