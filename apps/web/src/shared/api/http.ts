/** A tiny fetch wrapper: JSON in and out; a non-OK reply throws its body's message (spec 8). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly fields?: Record<string, string>,
    /** The server's stable code for this failure, to branch on (never on the English message). */
    readonly code?: string,
    /** The whole error body, for what comes with a code (e.g. the server's totals). */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/** Anything with a zod-style `parse`, so this file does not pull zod into every chunk by itself. */
export interface Parser<T> {
  parse(data: unknown): T;
}

/** The ApiError of a non-OK reply: its body's message and code (spec 8), or a generic message. */
export async function readError(response: Response): Promise<ApiError> {
  let message = `Request failed (${response.status})`;
  let fields: Record<string, string> | undefined;
  let code: string | undefined;
  let body: unknown;
  try {
    body = await response.json();
    const json = body as { message?: unknown; fields?: Record<string, string>; code?: unknown };
    if (typeof json.message === 'string') message = json.message;
    if (typeof json.code === 'string') code = json.code;
    fields = json.fields;
  } catch {
    // Not JSON: keep the generic message.
  }
  return new ApiError(message, response.status, fields, code, body);
}

/**
 * GET a JSON body and parse it. The schema may be given as a loader (a dynamic import), fetched beside
 * the request, so the validation code stays out of the first chunk.
 */
export async function getJson<T>(
  url: string,
  schema: Parser<T> | (() => Promise<Parser<T>>),
  signal?: AbortSignal,
): Promise<T> {
  const parser = typeof schema === 'function' ? schema() : Promise.resolve(schema);
  const response = await fetch(url, { headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw await readError(response);
  const body: unknown = await response.json();
  return (await parser).parse(body);
}

export async function sendJson(
  url: string,
  body: unknown,
  init: { method?: 'POST' | 'PATCH' | 'PUT' | 'DELETE'; keepalive?: boolean } = {},
): Promise<Response> {
  const response = await fetch(url, {
    method: init.method ?? 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    keepalive: init.keepalive,
  });
  if (!response.ok) throw await readError(response);
  return response;
}
