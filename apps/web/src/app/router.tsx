import { createElement, lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { pages, type Page } from './pages.ts';
import { RootLayout } from './layout/root-layout.tsx';

/**
 * A page in its own chunk (React.lazy). Once its chunk has loaded (see preloadPage in pages.ts), the
 * page renders at once instead of suspending, so the first page never flashes the loading placeholder.
 */
const route = (page: Page): RouteObject => {
  const Lazy = lazy(page.preload);
  const Component = () => createElement(page.loaded ?? Lazy);
  return { path: page.pattern, Component, handle: { preload: page.preload } };
};

const routes: RouteObject[] = [{ Component: RootLayout, children: pages.map(route) }];

export function AppRoutes() {
  return useRoutes(routes);
}
