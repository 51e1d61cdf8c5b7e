/**
 * The collection image: the flat shirt from the front and from the back, showing placement
 * (front: the print on the chest; back: the small Sunward logo below the neck).
 */
import { brandMark } from '../brand.ts';
import { capHeight, textPath } from '../lettering.ts';
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

export function collectionSvg(d: ResolvedDesign): string {
  const bg = backdrop('c', COLLECTION_W, COLLECTION_H);
  const s = 1.0;
  const front = shirtAt(
    'front',
    d.spec.shirt,
    'front',
    310,
    50,
    s,
    embedPrint(d, -150, 40, 300, 0.97),
  );
  const back = shirtAt('back', d.spec.shirt, 'back', 890, 50, s, neckLogo(d.spec.shirt, 34));
  const label = (t: string, x: number) =>
    path(
      textPath(t, x, 586 - (24 - capHeight(22, 'displayMedium')), {
        font: 'displayMedium',
        size: 22,
        tracking: 0.3,
      }).d,
      '#6b6258',
    );
  return svgDoc(
    COLLECTION_W,
    COLLECTION_H,
    bg.body + front.body + back.body + label('FRONT', 310) + label('BACK', 890),
    bg.defs + blurFilter('soft', 12) + front.defs + back.defs,
  );
}
