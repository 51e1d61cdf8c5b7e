/** An expected failure with the HTTP status it maps to. Anything else reaching the handler is a defect. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    /** A stable code for clients to branch on, and any data that goes with it (e.g. totals). */
    readonly detail?: { code: string; [key: string]: unknown },
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, message, fields);
export const unauthorized = (message = 'Please sign in to continue.') =>
  new HttpError(401, message);
export const forbidden = (message = 'You do not have access to this.') =>
  new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (message: string, fields?: Record<string, string>) =>
  new HttpError(422, message, fields);
