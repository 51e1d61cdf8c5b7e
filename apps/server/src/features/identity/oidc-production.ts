/**
 * What the built-in provider refuses under NODE_ENV=production, each with the reason and the fix:
 * the server does not start rather than run a provider whose sessions, keys or cookies are unsafe.
 */
import type { Configuration } from 'oidc-provider';
import type { Config } from '../../config.ts';

const MIN_COOKIE_KEY = 32;

/** `npm start` on one's own machine: http on a loopback address reaches no one else. */
function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}

/** Problems in the shop's settings (checked when the app is built). */
export function productionProblems(config: Config): string[] {
  if (!config.production || config.oidc.issuer) return [];
  const problems: string[] = [];
  if (!config.siteUrl.startsWith('https://') && !isLoopback(config.siteUrl)) {
    problems.push(
      `SITE_URL is "${config.siteUrl}": the provider's issuer and its session cookies need https. ` +
        'Set SITE_URL to the https address shoppers use (or OIDC_ISSUER to an outside provider).',
    );
  }
  if (config.databaseUrl === ':memory:' || config.databaseUrl === 'sqlite::memory:') {
    problems.push(
      'DATABASE_URL is an in-memory database: sign-in sessions, tokens and signing keys would be lost ' +
        'at every restart and not shared between processes. Use a SQLite file or PostgreSQL.',
    );
  }
  const short = (config.oidc.cookieKeys ?? []).filter((k) => k.length < MIN_COOKIE_KEY);
  if (short.length) {
    problems.push(
      `OIDC_COOKIE_KEYS has ${short.length} key(s) shorter than ${MIN_COOKIE_KEY} characters: ` +
        'use long random values (e.g. `openssl rand -base64 32`), or unset it to let the shop generate one.',
    );
  }
  return problems;
}

/**
 * Problems in the provider's own options (checked when the provider is made): development keys,
 * development interactions and in-memory storage are oidc-provider's defaults, so they are checked
 * rather than assumed away.
 */
export function optionProblems(options: Configuration): string[] {
  const problems: string[] = [];
  if (!options.adapter) {
    problems.push('no storage adapter: oidc-provider would keep everything in memory');
  }
  if (options.features?.devInteractions?.enabled !== false) {
    problems.push('development interactions are enabled: the shop renders its own sign-in pages');
  }
  const keys = (options.jwks?.keys ?? []) as { d?: string }[];
  if (!keys.length || keys.some((k) => !k.d)) {
    problems.push(
      'no signing keys from the database: oidc-provider would sign with development keys',
    );
  }
  const cookieKeys = options.cookies?.keys;
  if (!cookieKeys || (Array.isArray(cookieKeys) && cookieKeys.length === 0)) {
    problems.push('no cookie keys: session cookies would be unsigned');
  }
  return problems;
}

export function refuse(problems: string[]): never {
  throw new Error(
    `The built-in identity provider refuses to start with NODE_ENV=production:\n- ${problems.join('\n- ')}`,
  );
}
