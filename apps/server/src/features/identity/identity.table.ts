/** The built-in identity provider's tables (migration 006). */
import type { Generated, Selectable } from 'kysely';

export interface AccountsTable {
  /** Random, never sequential: it is the `sub` of every token. */
  id: string;
  /** Lowercase; unique. */
  email: string;
  /** 0 or 1. */
  email_verified: number;
  name: string;
  /** The argon2id PHC string: algorithm, version and parameters travel with the hash. */
  password_hash: string;
  /**
   * Raised when every sign-in of the account must end (a password reset, an email confirmed; migration
   * 018): sessions and tokens made in an older epoch are refused.
   */
  session_epoch: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** The epoch a provider session signed in at (oidc-provider's session `uid`; migration 018). */
export interface AccountLoginsTable {
  session_uid: string;
  account_id: string;
  epoch: number;
  /** When the session expires; the row is purged after it. */
  expires_at: string;
}

export interface AccountTokensTable {
  /** SHA-256 of the token in the emailed link (the link itself is never stored). */
  id: string;
  account_id: string;
  /** `sign-in`: the one-time sign-in a confirmed email or a new password earns the browser that made it. */
  purpose: 'verify-email' | 'reset-password' | 'sign-in';
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** Failed sign-ins per key ("account:<email>" or "ip:<address>"), shared by every process. */
export interface LoginThrottleTable {
  key: string;
  failures: number;
  last_failure_at: string;
  blocked_until: string | null;
}

/** Whatever oidc-provider stores: one row per model and id (oidc-adapter.ts). */
export interface OidcPayloadsTable {
  model: string;
  id: string;
  /** JSON. */
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  /** ISO 8601 UTC; null never expires. */
  expires_at: string | null;
  consumed_at: string | null;
}

export type AccountRow = Selectable<AccountsTable>;

export interface IdentityTables {
  accounts: AccountsTable;
  account_tokens: AccountTokensTable;
  account_logins: AccountLoginsTable;
  login_throttle: LoginThrottleTable;
  oidc_payloads: OidcPayloadsTable;
}
