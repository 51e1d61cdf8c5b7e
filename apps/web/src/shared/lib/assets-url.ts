/**
 * Image urls in the manifest are `/assets/...`. They are prefixed with VITE_ASSETS_BASE_URL (empty by
 * default: same origin), so the images can move to a CDN (the server's ASSETS_BASE_URL) without code changes.
 */
const ASSETS_BASE = ((import.meta.env.VITE_ASSETS_BASE_URL as string | undefined) ?? '').replace(
  /\/$/,
  '',
);

export function assetUrl(url: string): string {
  return /^https?:\/\//.test(url) ? url : `${ASSETS_BASE}${url}`;
}
