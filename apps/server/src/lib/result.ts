/**
 * The one shape of an expected failure, from service to HTTP (CONVENTIONS 8 and 14): a value with a
 * stable `code` (a string union per service) and a message for people, plus whatever data goes with
 * it (`fields`, the server's totals, a card's decline code). A thrown error is a defect.
 * Routes map codes to statuses with one table each (`failureToHttp` in http-errors.ts).
 */
export type Failure<C extends string, D extends object = object> = C extends string
  ? { ok: false; code: C; message: string } & D
  : never; // one member per code, so checking `code` narrows

export interface Ok<T> {
  ok: true;
  value: T;
}

export type Result<T, F extends Failure<string>> = Ok<T> | F;

/** The code union of a result or failure type. */
export type CodeOf<R> = R extends { ok: false; code: infer C extends string } ? C : never;

export function ok<T>(value: T): Ok<T> {
  return { ok: true, value };
}

export function fail<C extends string>(code: C, message: string): Failure<C>;
export function fail<C extends string, D extends object>(
  code: C,
  message: string,
  data: D,
): Failure<C, D>;
export function fail(code: string, message: string, data?: object): Failure<string> {
  return { ...data, ok: false, code, message };
}
