import { UserManager, type SigninSilentArgs, type User } from 'oidc-client-ts';
import { RENEW_LOCK_NAME, RENEW_LOCK_TIMEOUT_MS } from './auth-constants.ts';

/**
 * A UserManager whose token renewals are serialised across the shop's tabs. Refresh tokens rotate on
 * every use and a reused one revokes the grant (decision 011; Auth0's rotation does the same), and every
 * tab reads the same refresh token from localStorage and sets its renewal timer from the same expiry:
 * two tabs renewing at once would sign the shopper out. So a renewal holds a Web Lock, and a tab that
 * waited for it first reads storage again: if another tab has renewed meanwhile, it takes those tokens.
 */
export class TabSafeUserManager extends UserManager {
  /** The automatic renewal (and any other): skipped when another tab has just renewed. */
  override async signinSilent(args?: SigninSilentArgs): Promise<User | null> {
    return this.locked(async () => {
      const stored = await this.getUser();
      const margin = this.settings.accessTokenExpiringNotificationTimeInSeconds;
      if (stored?.refresh_token && (stored.expires_in ?? 0) > margin) {
        // Renewed by another tab while this one waited: use its tokens (raises userLoaded).
        return this.getUser(true);
      }
      return super.signinSilent(args);
    });
  }

  /** Renews now even when the tokens are fresh (new ID token claims), still one tab at a time. */
  async renewNow(): Promise<User | null> {
    return this.locked(() => super.signinSilent());
  }

  private async locked(renew: () => Promise<User | null>): Promise<User | null> {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (!locks) return renew();
    const signal = AbortSignal.timeout(RENEW_LOCK_TIMEOUT_MS);
    return await locks.request(RENEW_LOCK_NAME, { signal }, renew);
  }

  /** The storage key of the user, as oidc-client-ts's WebStorageStateStore writes it. */
  get userStorageKey(): string {
    return `oidc.user:${this.settings.authority}:${this.settings.client_id}`;
  }

  /**
   * Follows what other tabs do to the stored user (a renewal, a sign-in, a logout), so every tab shows
   * the same state and arms its timers from the same tokens. Returns the unsubscribe.
   */
  followOtherTabs(): () => void {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== localStorage || event.key !== this.userStorageKey) return;
      if (event.newValue) void this.getUser(true);
      else void this.events.unload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }
}
