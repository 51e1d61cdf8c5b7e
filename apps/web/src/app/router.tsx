import { createElement, lazy, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { paths } from './paths.ts';
import { RootLayout } from './layout/root-layout.tsx';

type PageModule = Promise<{ default: ComponentType }>;

/**
 * A page in its own chunk (React.lazy). `handle.preload` starts loading it early; once loaded, the page
 * renders at once instead of suspending, so the first page never flashes the loading placeholder.
 */
const route = (path: { pattern: string } | '*', load: () => PageModule): RouteObject => {
  let loaded: ComponentType | null = null;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  const Page = () => createElement(loaded ?? Lazy);
  return { path: path === '*' ? path : path.pattern, Component: Page, handle: { preload } };
};

/** One route per line: adding a page is a one-line change. Only pages that exist are registered. */
const pages: RouteObject[] = [
  route(paths.home, () => import('./routes/home-page.tsx')),
  route(paths.designs, () => import('./routes/designs-page.tsx')),
  route(paths.gallery, () => import('./routes/gallery-page.tsx')),
  route(paths.sizeGuide, () => import('./routes/size-guide-page.tsx')),
  route(paths.bag, () => import('./routes/bag-page.tsx')),
  route(paths.checkout, () => import('./routes/checkout-page.tsx')),
  route(paths.success, () => import('./routes/success-page.tsx')),
  route(paths.returnPolicy, () => import('./routes/return-policy-page.tsx')),
  route(paths.privacyPolicy, () => import('./routes/privacy-policy-page.tsx')),
  route(paths.termsOfUse, () => import('./routes/terms-of-use-page.tsx')),
  route(paths.errorPage, () => import('./routes/error-page.tsx')),
  route('*', () => import('./routes/not-found-page.tsx')),
];

const routes: RouteObject[] = [{ Component: RootLayout, children: pages }];

export function AppRoutes() {
  return useRoutes(routes);
}

/** Loads the chunk of the page at `pathname` (at start-up, beside the catalogue); never rejects. */
export async function preloadPage(pathname: string): Promise<void> {
  const loads = (matchRoutes(routes, pathname) ?? []).map((match) => {
    const handle = match.route.handle as { preload?: () => PageModule } | undefined;
    return handle?.preload?.();
  });
  await Promise.all(loads).catch(() => undefined);
}
