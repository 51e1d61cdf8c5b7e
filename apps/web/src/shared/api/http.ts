/** A tiny fetch wrapper: JSON in and out; a non-OK reply throws its body's message (spec 8). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Anything with a zod-style `parse`, so this file does not pull zod into every chunk by itself. */
export interface Parser<T> {
  parse(data: unknown): T;
}

async function readError(response: Response): Promise<ApiError> {
  let message = `Request failed (${response.status})`;
  let fields: Record<string, string> | undefined;
  try {
    const body = (await response.json()) as { message?: unknown; fields?: Record<string, string> };
    if (typeof body.message === 'string') message = body.message;
    fields = body.fields;
  } catch {
    // Not JSON: keep the generic message.
  }
  return new ApiError(message, response.status, fields);
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
