import type { FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/shared/api/http.ts';
import { errorMessage } from './console-error.tsx';

/**
 * Puts a console call's failure on its React Hook Form form (docs/decisions/052): each message in the
 * server's `fields` (dotted path -> message, as a 400 or 422 answers) on its field with `setError`,
 * and the general message (the server's, or a plain word for a network failure) on `root.server`.
 * The first field named gets the focus, unless `focus` is false (a form that focuses its own summary).
 * `toField` maps a server path to the form's own name for it, or to null when the form has no such
 * field (its message is then in the general one only).
 */
export function setServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  {
    toField = (path) => path as Path<T>,
    focus = true,
  }: { toField?: (path: string) => Path<T> | null; focus?: boolean } = {},
): void {
  setError('root.server', { type: 'server', message: errorMessage(error) });
  const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
  let first = focus;
  for (const [path, message] of Object.entries(fields)) {
    const name = toField(path);
    if (!name) continue;
    setError(name, { type: 'server', message }, { shouldFocus: first });
    first = false;
  }
}

/**
 * Every message of a form's errors, in the fields' order (nested fields and lists included), for a
 * summary of what the form refused before sending.
 */
export function errorMessages(errors: FieldErrors | undefined): string[] {
  if (!errors) return [];
  return Object.entries(errors).flatMap(([key, value]): string[] => {
    if (key === 'ref' || typeof value !== 'object' || value === null) return [];
    const { message } = value as { message?: unknown };
    return typeof message === 'string' && message ? [message] : errorMessages(value as FieldErrors);
  });
}
