/**
 * The pages' side of a design's URL (design-location.ts): which design the address bar names, and the
 * title of its page. Only the pages with a design grid use it, so it stays out of the app chunk.
 */
import { useContext } from 'react';
import { matchPath, useLocation, type Location } from 'react-router';
import type { Design } from '@sunward/core/designs';
import { useDesigns } from '@/shared/api/catalog/get-designs.ts';
import { UrlLocationContext } from '@/shared/design-location.ts';
import { paths } from '@/shared/paths.ts';

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
