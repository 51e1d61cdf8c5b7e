/**
 * The collection image: the flat shirt from the front and from the back, showing placement
 * (front: the print on the chest; back: the small Sunward logo below the neck).
 */
import { brandMark } from '../brand.ts';
import { textPath } from '../lettering.ts';
import { isDarkShirt, SHIRTS, type ShirtColour } from '../palettes.ts';
import type { ResolvedDesign } from '../print.ts';
import { group, path, svgDoc } from '../svg.ts';
import { backdrop, blurFilter, embedPrint } from './common.ts';
import { flatShirt, flatShirtPath } from './shirt-shapes.ts';

export const COLLECTION_W = 1200;
export const COLLECTION_H = 600;

/** One flat shirt at (cx, top), scaled, with optional content on it. */
export function shirtAt(
  id: string,
  shirt: ShirtColour,
  view: 'front' | 'back',
  cx: number,
  top: number,
  s: number,
  content: string,
): { defs: string; body: string } {
  const f = flatShirt(id, SHIRTS[shirt], view);
  const shadow = group(path(flatShirtPath(), '#3a3026', { opacity: 0.3 }), {
    transform: 'translate(8 14)',
    filter: 'url(#soft)',
  });
  return {
    defs: f.defs,
    body: group(shadow + f.body + content, { transform: `translate(${cx} ${top}) scale(${s})` }),
  };
}

/** The small neck logo, centred on x = 0 at y (shirt units). */
export function neckLogo(shirt: ShirtColour, y: number, w = 46): string {
  const ink = isDarkShirt(shirt) ? '#f4efe4' : '#1f2a44';
  return group(brandMark(ink), { transform: `translate(${-w / 2} ${y}) scale(${w / 120})` });
}

/** The small chest logo on the wearer's left (the viewer's right when the shirt faces us). */
export function chestLogo(shirt: ShirtColour, w = 40): string {
  // from x = 48 at y = 84: on the chest, clear of the raglan seam
  return group(neckLogo(shirt, 84, w), { transform: `translate(${48 + w / 2} 0)` });
}

/** The print as it sits on the flat shirt's chest or back (shirt units). */
export const shirtPrint = (d: ResolvedDesign): string => embedPrint(d, -130, 46, 260, 0.97);

/**
 * Clear margins all round (sleeves and captions at least 5% inside every edge), so no layout that
 * shows the picture whole crops the shirt or its FRONT / BACK captions.
 */
export const COLLECTION_SCALE = 0.86;

export function collectionSvg(d: ResolvedDesign): string {
  const bg = backdrop('c', COLLECTION_W, COLLECTION_H);
  const s = COLLECTION_SCALE;
  const front = shirtAt('front', d.spec.shirt, 'front', 300, 44, s, shirtPrint(d));
  const back = shirtAt('back', d.spec.shirt, 'back', 900, 44, s, neckLogo(d.spec.shirt, 30));
  const label = (t: string, x: number) =>
    path(
      textPath(t, x, 536, {
        font: 'displayMedium',
        size: 24,
        tracking: 0.3,
      }).d,
      '#6b6258',
    );
  return svgDoc(
    COLLECTION_W,
    COLLECTION_H,
    bg.body + front.body + back.body + label('FRONT', 300) + label('BACK', 900),
    bg.defs + blurFilter('soft', 12) + front.defs + back.defs,
  );
}
