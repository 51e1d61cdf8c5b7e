import { query } from './database.ts';

export interface OutboxEmail {
  subject: string;
  text: string;
}

/**
 * The newest email of `kind` to `to` in the e2e server's outbox, or null; `databaseUrl` names another
 * server's database (a second instance a spec starts).
 */
export async function latestEmail(
  to: string,
  kind: string,
  databaseUrl?: string,
): Promise<OutboxEmail | null> {
  const [row] = await query<OutboxEmail>(
    'SELECT subject, text FROM email_outbox WHERE to_address = ? AND kind = ? ORDER BY created_at DESC LIMIT 1',
    [to, kind],
    databaseUrl,
  );
  return row ?? null;
}

/** The first link in `text` to `path` (with its token: base64url, and a signed value's dot). */
export function linkTo(text: string, path: string): string {
  const match = new RegExp(`(https?://[^\\s"<]+${path}\\?token=[\\w.%-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in: ${text}`);
  return match[1];
}
