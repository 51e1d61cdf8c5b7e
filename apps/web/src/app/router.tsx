import { createElement, lazy, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { areas, type Area, type PageRoute } from './pages.ts';
import { AccountLayout } from './layout/account-layout.tsx';
import { ConsoleLayout } from './layout/console-layout.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { ShopLayout } from './layout/shop-layout.tsx';

/**
 * A page in its own chunk (React.lazy). Once its chunk has loaded (see preloadPage in pages.ts), the
 * page renders at once instead of suspending, so the first page never flashes the loading placeholder.
 */
const route = ({ path, page }: PageRoute): RouteObject => {
  const Lazy = lazy(page.preload);
  const Component = () => createElement(page.loaded ?? Lazy);
  return { path, Component, handle: { preload: page.preload } };
};

/** Each area's layout: the shop waits for the catalogue; the account area and the console do not. */
const layouts: Record<Area['name'], ComponentType> = {
  shop: ShopLayout,
  account: AccountLayout,
  console: ConsoleLayout,
};

const routes: RouteObject[] = [
  {
    Component: RootLayout,
    children: areas.map((area) => ({
      id: area.name,
      Component: layouts[area.name],
      children: area.children.map(route),
    })),
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
