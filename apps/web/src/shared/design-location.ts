import { createContext } from 'react';
import { matchPath, type Location } from 'react-router';
import { paths } from '@/shared/paths.ts';

/**
 * A design opened from a grid (the home picker, /designs) gets its own URL, `/designs/:designName`,
 * while the page the shopper was on stays under the modal: the navigation carries that page's location
 * as `background`, and the router renders the routes at the background (router.tsx), so the page keeps
 * its place and state; Back closes the modal, Forward opens it again. Opened directly (a shared link,
 * a reload without that state), the URL renders the designs page with the modal open. What the router
 * needs is here (in the app chunk); the pages' hooks are in design-in-url.ts.
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
