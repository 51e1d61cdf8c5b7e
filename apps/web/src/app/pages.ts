import type { ComponentType } from 'react';
import { paths } from '@/shared/paths.ts';

type PageModule = Promise<{ default: ComponentType }>;

/** A page in its own chunk; `preload` starts loading it early and keeps the loaded component. */
export interface Page {
  pattern: string;
  load: () => PageModule;
  preload: () => PageModule;
  /** The component once its chunk has loaded, so the router renders it at once (no suspense). */
  loaded: ComponentType | null;
}

const page = (path: { pattern: string } | '*', load: () => PageModule): Page => {
  const entry: Page = {
    pattern: path === '*' ? path : path.pattern,
    load,
    preload: () =>
      load().then((module) => {
        entry.loaded = module.default;
        return module;
      }),
    loaded: null,
  };
  return entry;
};

/**
 * One page per line: adding a page is a one-line change. Only pages that exist are registered. A leaf
 * module without React or the router, so the entry chunk can start the first page's chunk while the app
 * chunk (React, the router, the catalogue queries) downloads beside it.
 */
export const pages: Page[] = [
  page(paths.home, () => import('./routes/home-page.tsx')),
  page(paths.designs, () => import('./routes/designs-page.tsx')),
  page(paths.gallery, () => import('./routes/gallery-page.tsx')),
  page(paths.sizeGuide, () => import('./routes/size-guide-page.tsx')),
  page(paths.bag, () => import('./routes/bag-page.tsx')),
  page(paths.checkout, () => import('./routes/checkout-page.tsx')),
  page(paths.success, () => import('./routes/success-page.tsx')),
  page(paths.returnPolicy, () => import('./routes/return-policy-page.tsx')),
  page(paths.privacyPolicy, () => import('./routes/privacy-policy-page.tsx')),
  page(paths.termsOfUse, () => import('./routes/terms-of-use-page.tsx')),
  page(paths.errorPage, () => import('./routes/error-page.tsx')),
  page('*', () => import('./routes/not-found-page.tsx')),
];

/**
 * The page at `pathname`, matched as the router does for these static patterns (case-insensitive, a
 * trailing slash allowed), else the not-found page.
 */
export function pageAt(pathname: string): Page | undefined {
  const path = (pathname.replace(/\/+$/, '') || '/').toLowerCase();
  return (
    pages.find((p) => p.pattern.toLowerCase() === path) ?? pages.find((p) => p.pattern === '*')
  );
}

/** Loads the chunk of the page at `pathname` (at start-up, beside the catalogue); never rejects. */
export async function preloadPage(pathname: string): Promise<void> {
  await pageAt(pathname)
    ?.preload()
    .catch(() => undefined);
}
