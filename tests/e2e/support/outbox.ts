import { openSqliteFile } from '../../../apps/server/src/db/sqlite-driver.ts';

/**
 * The newest email of `kind` to `to` in the e2e server's outbox (SQLite), or null; `file` names
 * another server's database (a second instance a spec starts).
 */
export function latestEmail(
  to: string,
  kind: string,
  file = process.env.E2E_DATABASE_FILE,
): { subject: string; text: string } | null {
  if (!file) throw new Error('E2E_DATABASE_FILE is not set (see playwright.config.ts)');
  const db = openSqliteFile(file, { readonly: true });
  try {
    const row = db
      .prepare(
        'SELECT subject, text FROM email_outbox WHERE to_address = ? AND kind = ? ORDER BY created_at DESC LIMIT 1',
      )
      .get(to, kind) as { subject: string; text: string } | undefined;
    return row ?? null;
  } finally {
    db.close();
  }
}

/** The first link in `text` to `path` (with its token). */
export function linkTo(text: string, path: string): string {
  const match = new RegExp(`(https?://[^\\s"<]+${path}\\?token=[\\w-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in: ${text}`);
  return match[1];
}
