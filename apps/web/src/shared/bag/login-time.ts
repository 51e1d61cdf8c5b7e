/**
 * Spec 4: the first sign-in of a browser session merges the local bag into the server's once; then the
 * login time is kept in session storage under this key, so later loads in the session only read the
 * server's bag. Log Out removes it.
 */
export const LOGIN_TIME_KEY = 'loginTime';

function session(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // Storage blocked by privacy settings.
  }
}

export function readLoginTime(): string | null {
  try {
    return session()?.getItem(LOGIN_TIME_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Stores the login time (ISO 8601). Throws when session storage refuses it: the sign-in step failed. */
export function storeLoginTime(now: Date = new Date()): void {
  const store = session();
  if (!store) throw new Error('Session storage is not available.');
  store.setItem(LOGIN_TIME_KEY, now.toISOString());
}

export function forgetLoginTime(): void {
  try {
    session()?.removeItem(LOGIN_TIME_KEY);
  } catch {
    // Nothing stored where storage is blocked.
  }
}
