/**
 * A design's composition: the badge shape, the sky treatment inside it and the lettering layout.
 * The art direction allows no composition on more than three designs, and designs with related
 * names must differ in all three; composition.test.ts holds the collection to that.
 */
import type { BadgeShape } from './badges.ts';

/**
 * What fills the sky of the badge. It is read back from the scene (the sky motifs mark their
 * layer with `data-sky`), so a declaration cannot drift from the drawing.
 */
export type SkyTreatment =
  | 'aurora'
  | 'night'
  | 'sunbeams'
  | 'burst'
  | 'clouds'
  | 'striped-sun'
  | 'stripes'
  | 'banded-sun'
  | 'sun'
  | 'plain';

/**
 * Where the title goes: arched over the badge (round badges only), on a swallowtail ribbon across
 * the badge's foot, or set as a bold block under the badge.
 */
export type TitleLayout = 'arc' | 'ribbon' | 'block';

export interface Composition {
  badge: BadgeShape;
  sky: SkyTreatment;
  layout: TitleLayout;
}

/** The badges an arched title fits over: their tops are round, so the arc follows them. */
export const ARC_BADGES: readonly BadgeShape[] = ['circle', 'hexagon', 'oval'];

/** The sky treatment a scene's SVG paints, from the `data-sky` layers it contains. */
export function skyOf(sceneSvg: string): SkyTreatment {
  const has = (kind: string) => sceneSvg.includes(`data-sky="${kind}"`);
  if (has('aurora')) return 'aurora';
  if (has('stars')) return 'night';
  if (has('rays')) return 'sunbeams';
  if (has('burst')) return 'burst';
  if (has('clouds')) return 'clouds';
  if (has('stripes')) return has('banded-sun') ? 'striped-sun' : 'stripes';
  if (has('banded-sun')) return 'banded-sun';
  if (has('sun')) return 'sun';
  return 'plain';
}
