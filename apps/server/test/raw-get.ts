import { request, type IncomingHttpHeaders } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent: compressed when the answer says so (fetch would inflate them). */
  body: Buffer;
}

/** A GET whose answer is read as sent, with only the headers given (fetch adds Accept-Encoding). */
export function rawGet(
  baseUrl: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, baseUrl), { method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The headers that differ between any two answers. */
const PER_ANSWER = new Set(['x-request-id', 'date', 'connection', 'keep-alive']);

/** An answer's headers without those that differ on every answer. */
export const stableHeaders = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name)));
