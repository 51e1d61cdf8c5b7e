/**
 * "Contains this text, any case" for the console's searches, on SQLite and PostgreSQL alike: LIKE with
 * the text's own % and _ (and the escape character) matched as themselves.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** The LIKE pattern that finds `text` anywhere, lowercased, its wildcards escaped with `\`. */
export function likePattern(text: string): string {
  return `%${text
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `lower(column) LIKE '%text%' ESCAPE '\'` (SQLite has no default escape character). */
export function containsText(column: string, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${likePattern(text)} escape '\\'`;
}

/**
 * A whole email address (something@somewhere.tld): searched by equality on an index rather than as
 * text anywhere, which would read every row of a large table.
 */
export const isWholeEmail = (text: string): boolean =>
  /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());
