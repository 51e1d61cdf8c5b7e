/**
 * Keyset pages for the console's lists (newest first, or by deadline): a page ends with a cursor made
 * of its last row's sort value and id, and the next page starts after it. Stays fast however deep the
 * page, unlike an offset.
 */
import { z } from 'zod';

export interface Keyset {
  /** The sort value of the last row (an ISO timestamp or date). */
  at: string;
  id: string;
}

/** The `after` query parameter: the `next` of the previous page. */
export const CursorParamSchema = z
  .string()
  .max(300)
  .regex(/^[^|]+\|[^|]+$/, 'after is the `next` value of the previous page.');

export const encodeCursor = (row: Keyset): string => `${row.at}|${row.id}`;

export function decodeCursor(cursor: string | undefined): Keyset | undefined {
  if (!cursor) return undefined;
  const [at, id] = cursor.split('|');
  return at && id ? { at, id } : undefined;
}

/** The next page's cursor: the last row's, when the page is full (there may be more). */
export function nextCursor<T>(rows: T[], limit: number, keyOf: (row: T) => Keyset): string | null {
  const last = rows.at(-1);
  return rows.length === limit && last ? encodeCursor(keyOf(last)) : null;
}
