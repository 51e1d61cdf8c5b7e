/**
 * The console's settings (issue 15, item 5): an operator reads every setting (with any stored value
 * that is not valid, so it can be fixed here) and changes some of them at once. A change is checked by
 * core's one schema (unknown keys and bad values refused with a message per field, nothing written),
 * saved all or nothing, and recorded with each changed key's old and new value in the same
 * transaction. Checkout, shipping, tax and emails read the settings on every call (`loadSettings`), so
 * a new checkout prices with the change at once; the public configuration's cached answer is dropped
 * in this process after the commit (other processes follow within CATALOG_CACHE_MS).
 */
import type { Settings, SettingKey } from '@sunward/core/settings';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/ids.ts';
import { ok, type Failure, type Result } from '../../lib/result.ts';
import { type Operator, recordOperatorAction } from '../operators/operators.api.ts';
import { SETTINGS_CACHE_KEY, readSettings, saveSettings, type SettingIssue } from './settings.ts';
import * as repo from './settings.repository.ts';

export interface ConsoleSettings {
  settings: Settings;
  /** Stored values that are not valid (their defaults are shown in `settings` meanwhile). */
  issues: SettingIssue[];
}

export type UpdateSettingsFailure = Failure<'invalid_settings', { fields: Record<string, string> }>;

export function getConsoleSettings(db: Db): Promise<ConsoleSettings> {
  return readSettings(db);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Applies `patch` (some settings by key). A patch that changes nothing (a retry, a double click) writes
 * and records nothing.
 */
export async function updateSettings(
  db: Db,
  deps: { cache: { delete(key: string): void } },
  operator: Operator,
  patch: unknown,
): Promise<Result<ConsoleSettings, UpdateSettingsFailure>> {
  const outcome = await db.transaction().execute(async (trx) => {
    // One change at a time, so each compares with what the one before it saved.
    await repo.lockSettings(trx);
    const before = await readSettings(trx);
    const saved = await saveSettings(trx, patch, deps.cache);
    if (!saved.ok) return saved;
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of Object.keys(patch as object) as SettingKey[]) {
      const broken = before.issues.some((issue) => issue.key === key);
      if (broken || !same(before.settings[key], saved.settings[key])) {
        changes[key] = { from: broken ? null : before.settings[key], to: saved.settings[key] };
      }
    }
    if (Object.keys(changes).length === 0) return { ok: true as const, changed: false };
    await recordOperatorAction(trx, operator, {
      action: 'settings.update',
      targetType: 'settings',
      targetId: 'shop',
      detail: { changes },
      at: nowIso(),
    });
    return { ok: true as const, changed: true };
  });
  if (!outcome.ok) return outcome;
  // saveSettings dropped the cached configuration inside the transaction; a request in between may
  // have cached the old one again, so it goes once more now that the change is committed.
  if (outcome.changed) deps.cache.delete(SETTINGS_CACHE_KEY);
  return ok(await readSettings(db));
}
