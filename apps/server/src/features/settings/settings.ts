/**
 * The shop's settings, one owner: every reader (the configuration route, static pages, checkout,
 * shipping and tax, orders and their emails, the sandbox challenge page) calls `loadSettings`, and
 * every writer `saveSettings`. The defaults and the one schema live in packages/core/src/settings.ts.
 *
 * A stored value the schema refuses is never replaced by its default: `loadSettings` throws an
 * `InvalidSettingsError` naming each bad key and why. The server refuses to start on it (main.ts); while
 * running, a request that needs the settings answers 500 `settings_invalid` and logs the keys and reasons
 * at error level; the HTML pages log it and keep SHOP_NAME as the name.
 */
import type { AuthConfiguration, Configuration } from '@sunward/core/schemas';
import {
  DEFAULT_SETTINGS,
  SETTING_KEYS,
  SettingsPatchSchema,
  SettingsSchema,
  type SettingKey,
  type Settings,
} from '@sunward/core/settings';
import type { z } from 'zod';
import type { ShopIdentity } from '../email/email.api.ts';
import { type Db, inTransaction } from '../../db/database.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { nowIso } from '../../lib/ids.ts';
import { fieldMessages } from '../../lib/validation-messages.ts';
import * as repo from './settings.repository.ts';

/**
 * The catalogue cache's key for the public part of the settings (`GET /api/configuration`, and the
 * shop's name in the HTML pages). `saveSettings` deletes it.
 */
export const SETTINGS_CACHE_KEY = 'configuration';

export interface SettingIssue {
  key: string;
  reason: string;
}

/** A stored setting the schema refuses: the operator's to fix, not the shopper's. */
export class InvalidSettingsError extends HttpError {
  constructor(readonly issues: SettingIssue[]) {
    super(
      500,
      "The shop's settings are not valid, so it cannot answer this now; an operator has been told. Please try again later.",
      undefined,
      { code: 'settings_invalid' },
    );
    this.name = 'InvalidSettingsError';
  }

  /** One line per bad setting: `setting shopName: Expected string, received number`. */
  describe(): string[] {
    return this.issues.map((i) => `setting ${i.key} is not valid: ${i.reason}`);
  }
}

const isSettingKey = (key: string): key is SettingKey => (SETTING_KEYS as string[]).includes(key);

function reasonOf(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ` : '') + issue.message)
    .join('; ');
}

/**
 * Every setting as stored, checked: a key never stored has its default; a stored key the shop does not
 * know is ignored; a stored value that is not valid keeps its default here and is listed in `issues`
 * (the console shows them, so an operator can fix a bad value without a database client).
 */
export async function readSettings(
  db: Db,
): Promise<{ settings: Settings; issues: SettingIssue[] }> {
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  const issues: SettingIssue[] = [];
  for (const row of await repo.listSettings(db)) {
    if (!isSettingKey(row.key)) continue;
    const outcome = checkStored(row.key, row.value);
    if (outcome.ok) settings[row.key] = outcome.value;
    else issues.push({ key: row.key, reason: outcome.reason });
  }
  return { settings: settings as Settings, issues };
}

type StoredCheck = { ok: true; value: unknown } | { ok: false; reason: string };

/**
 * Each stored value's check, kept while its text is unchanged: the rows are read on every call (a
 * change made by any process is seen at once), the JSON and the schema run only when a text changes
 * (both were 2% of a loaded process, issue 26). A checked value is shared by the calls that read the
 * same text, as the defaults always were, so it is frozen: a reader that changed it would throw rather
 * than change every later reader's settings.
 */
const checkedStored = new Map<SettingKey, { text: string; outcome: StoredCheck }>();

function checkStored(key: SettingKey, text: string): StoredCheck {
  const kept = checkedStored.get(key);
  if (kept?.text === text) return kept.outcome;
  const outcome = parseStored(key, text);
  checkedStored.set(key, { text, outcome });
  return outcome;
}

function parseStored(key: SettingKey, text: string): StoredCheck {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: `stored text is not JSON: ${text.slice(0, 40)}` };
  }
  const parsed = SettingsSchema.shape[key].safeParse(value);
  return parsed.success
    ? { ok: true, value: deepFreeze(parsed.data) }
    : { ok: false, reason: reasonOf(parsed.error) };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * Every setting, checked: a key never stored has its default; a stored key the shop does not know is
 * ignored; a stored value that is not valid throws `InvalidSettingsError` (all bad keys at once).
 */
export async function loadSettings(db: Db): Promise<Settings> {
  const { settings, issues } = await readSettings(db);
  if (issues.length) throw new InvalidSettingsError(issues);
  return settings;
}

/**
 * The shop as its emails name it (features/email's `ShopIdentity`): the shopName and supportEmail
 * settings, and SITE_URL.
 */
export function shopIdentityOf(
  settings: Pick<Settings, 'shopName' | 'supportEmail'>,
  siteUrl: string,
): ShopIdentity {
  return { name: settings.shopName, siteUrl, supportEmail: settings.supportEmail };
}

/** The shop as its emails name it, read now (in the caller's transaction when `db` is one). */
export async function loadShopIdentity(db: Db, siteUrl: string): Promise<ShopIdentity> {
  return shopIdentityOf(await loadSettings(db), siteUrl);
}

export type SaveSettingsResult =
  | { ok: true; settings: Settings }
  | { ok: false; code: 'invalid_settings'; message: string; fields: Record<string, string> };

/**
 * Checks `patch` with the schema (unknown keys refused) and writes it, in the caller's transaction when
 * `db` is one; then deletes the settings' cache entry in this process (others see the change within
 * CATALOG_CACHE_MS).
 */
export async function saveSettings(
  db: Db,
  patch: unknown,
  cache: { delete(key: string): void },
): Promise<SaveSettingsResult> {
  const parsed = SettingsPatchSchema.safeParse(patch);
  if (!parsed.success) {
    const { message, fields } = fieldMessages(parsed.error, {
      unknown: (key) => `"${key}" is not a setting.`,
      noun: 'settings',
      whole: 'settings',
    });
    return { ok: false, code: 'invalid_settings', message, fields };
  }
  const values = Object.fromEntries(
    Object.entries(parsed.data).map(([key, value]) => [key, JSON.stringify(value)]),
  );
  await inTransaction(db, (trx) => repo.upsertSettings(trx, values, nowIso()));
  cache.delete(SETTINGS_CACHE_KEY);
  return { ok: true, settings: await loadSettings(db) };
}

/**
 * The defaults for the keys not stored yet (SHOP_NAME as the name, SUPPORT_EMAIL as the support
 * address: operators change both in the console afterwards); the seed's part.
 */
export function insertDefaultSettings(
  db: Db,
  from: { shopName?: string | undefined; supportEmail?: string | undefined } = {},
): Promise<number> {
  const defaults: Settings = {
    ...DEFAULT_SETTINGS,
    ...(from.shopName ? { shopName: from.shopName } : {}),
    ...(from.supportEmail ? { supportEmail: from.supportEmail } : {}),
  };
  const values = Object.fromEntries(
    Object.entries(defaults).map(([key, value]) => [key, JSON.stringify(value)]),
  );
  return repo.insertMissingSettings(db, values, nowIso());
}

/** What GET /configuration adds to the settings: from the server's configuration, not the database. */
export interface PublicConfig {
  siteUrl: string;
  oidc: {
    issuer?: string;
    clientId?: string;
    audience?: string;
    passwordConnection?: string;
    passwordSubjectPrefix: string;
  };
}

/**
 * The storefront's sign-in settings: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_AUDIENCE, or unset the
 * built-in provider's (issuer `${SITE_URL}/oidc`, client `sunward-web`, audience `${SITE_URL}/api`: the
 * defaults of features/identity, checked equal by settings.test.ts).
 */
export function authConfiguration(config: PublicConfig): AuthConfiguration {
  const { issuer, clientId, audience, passwordConnection, passwordSubjectPrefix } = config.oidc;
  if (!issuer) {
    return {
      issuer: `${config.siteUrl}/oidc`,
      clientId: clientId ?? 'sunward-web',
      audience: audience ?? `${config.siteUrl}/api`,
      // Every account of the built-in provider has a password (no social logins).
      changePassword: {
        url: `${config.siteUrl}/api/identity/change-password`,
        connection: 'password',
        subjectPrefix: '',
      },
      resendVerification: { url: `${config.siteUrl}/api/identity/verification-email` },
    };
  }
  return {
    issuer,
    clientId: clientId ?? 'sunward-web',
    audience: audience ?? `${config.siteUrl}/api`,
    changePassword: passwordConnection
      ? {
          url: new URL(
            'dbconnections/change_password',
            issuer.endsWith('/') ? issuer : `${issuer}/`,
          ).href,
          connection: passwordConnection,
          subjectPrefix: passwordSubjectPrefix,
        }
      : null,
    // An outside issuer sends its own verification emails; the shop cannot ask it to resend.
    resendVerification: null,
  };
}

/** Spec 7, GET /configuration: the public settings only, and how the storefront signs in. */
export async function loadConfiguration(db: Db, config: PublicConfig): Promise<Configuration> {
  const { shopName, companyZipCode, freeShippingTarget, supportEmail } = await loadSettings(db);
  return {
    shopName,
    companyZipCode,
    freeShippingTarget,
    supportEmail,
    auth: authConfiguration(config),
  };
}
