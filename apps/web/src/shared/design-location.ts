import { createContext, useContext } from 'react';
import { matchPath, useLocation, type Location } from 'react-router';
import type { Design } from '@sunward/core/designs';
import { useDesigns } from '@/shared/api/catalog/get-designs.ts';
import { paths } from '@/shared/paths.ts';

/**
 * A design opened from a grid (the home picker, /designs) gets its own URL, `/designs/:designName`,
 * while the page the shopper was on stays under the modal: the navigation carries that page's location
 * as `background`, and the router renders the routes at the background (router.tsx), so the page keeps
 * its place and state; Back closes the modal, Forward opens it again. Opened directly (a shared link,
 * a reload without that state), the URL renders the designs page with the modal open.
 */
export interface DesignNavigationState {
  background: Location;
}

/** The page under a design opened from a grid, when `location` is such a design's URL. */
export function backgroundOf(location: Location): Location | undefined {
  const state = location.state as Partial<DesignNavigationState> | null;
  if (!state?.background || !matchPath(paths.design.pattern, location.pathname)) return undefined;
  return state.background;
}

/**
 * The address bar's location, which the router hands down when it renders a background page (pages
 * there see the background through useLocation).
 */
export const UrlLocationContext = createContext<Location | null>(null);

/** The location in the address bar, inside a background page or not. */
export function useUrlLocation(): Location {
  const here = useLocation();
  return useContext(UrlLocationContext) ?? here;
}

/** The design name in the address bar (`/designs/:designName`), if it is a design's URL. */
export function useDesignNameInUrl(): string | undefined {
  const { pathname } = useUrlLocation();
  return matchPath(paths.design.pattern, pathname)?.params.designName;
}

/**
 * The design whose URL is in the address bar: `undefined` when it is not a design's URL, `null` when it
 * names no design on sale (the designs page then shows the not-found page).
 */
export function useDesignInUrl(): Design | null | undefined {
  const name = useDesignNameInUrl();
  const designs = useDesigns();
  if (name === undefined) return undefined;
  return designs.find((d) => d.designName === name) ?? null;
}

/** A design's page title (its URL's): what it is, for tabs, bookmarks and shared links. */
export function designPageTitle(designTitle: string): string {
  return `${designTitle} UPF 50+ Sun Shirt`;
}
