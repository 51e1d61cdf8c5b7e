import type { Design } from '@sunward/core/designs';
import { useDesigns } from '@/shared/api/catalog/get-designs.ts';
import { useDesignNameInUrl } from '@/shared/design-location.ts';

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
