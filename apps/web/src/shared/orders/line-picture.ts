import back from 'virtual:art-manifest/designs/back';
import folded from 'virtual:art-manifest/designs/folded';
import type { WebImageEntry } from '@sunward/art/manifest-types';
import { designTitle } from '@sunward/core/designs';

/**
 * The picture of an ordered shirt: a line printed on the Back shows the shirt from behind with the
 * print on its back, any other the folded shirt with the print on the chest. Bag, checkout,
 * success page and order views all picture lines through this, so a Back shirt never shows as a
 * front print.
 */
export function linePicture(
  design: string,
  position: string,
): { image: WebImageEntry | undefined; alt: string } {
  const title = designTitle(design);
  return position === 'Back'
    ? { image: back[design], alt: `${title} sun shirt, back view with the print on the back` }
    : { image: folded[design], alt: `${title} sun shirt` };
}
