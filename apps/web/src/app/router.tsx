import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { UrlLocationContext, backgroundOf } from '@/shared/design-location.ts';
import { areas, type Area, type Page, type PageRoute } from './pages.ts';
import { AccountLayout } from './layout/account-layout.tsx';
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

/**
 * A layout in its own chunk (the console's, pages.ts): rendered at once when the entry has loaded it
 * beside the first page, else a quiet placeholder while it loads (a link from the shop to /admin).
 */
const chunkLayout = (layout: Page): ComponentType => {
  const Lazy = lazy(layout.preload);
  return function ChunkLayout() {
    if (layout.loaded) return createElement(layout.loaded);
    return (
      <Suspense fallback={<div className="page-loading" role="status" aria-label="Loading" />}>
        <Lazy />
      </Suspense>
    );
  };
};

/**
 * Each area's layout: the shop waits for the catalogue; the account area does not. The console's is
 * its own chunk (Area.layout), so no console code is in the shop's chunks.
 */
const layouts: Partial<Record<Area['name'], ComponentType>> = {
  shop: ShopLayout,
  account: AccountLayout,
};
const layoutOf = (area: Area): ComponentType => {
  const layout = area.layout ? chunkLayout(area.layout) : layouts[area.name];
  if (!layout) throw new Error(`The ${area.name} area has no layout`);
  return layout;
};

const routes: RouteObject[] = [
  {
    Component: RootLayout,
    children: areas.map((area) => ({
      id: area.name,
      Component: layoutOf(area),
      children: area.children.map(route),
    })),
  },
];

/**
 * The routes at the address bar's location, or, for a design opened from a grid, at the page it was
 * opened from (shared/design-location.ts): that page stays as it was under the design's modal.
 */
export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(routes, backgroundOf(location) ?? location);
  return <UrlLocationContext.Provider value={location}>{element}</UrlLocationContext.Provider>;
}
