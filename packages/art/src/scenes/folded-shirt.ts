/**
 * The folded-shirt product shot: seen from above, folded square on a soft neutral backdrop,
 * a soft shadow, the print on the chest. Same framing for all 30 so the grid reads as a catalogue.
 */
import { mix, SHIRTS } from '../palettes.ts';
import type { ResolvedDesign } from '../print.ts';
import { el, group, path, rect, svgDoc } from '../svg.ts';
import { backdrop, blurFilter, embedPrint } from './common.ts';
import { knitPattern } from './shirt-shapes.ts';

export const FOLDED_SIZE = 800;

/** Outline of the folded shirt: a soft square with sloping shoulders and a gently curved hem. */
const FOLD =
  'M172 150Q174 128 198 122L320 106Q400 124 480 106L602 122Q626 128 628 150L634 682Q636 708 608 710Q400 720 192 710Q164 708 166 682Z';

/**
 * The folded sun shirt: the sleeves folded behind show only as soft side folds and one thin cuff
 * peeking out at the hem; a thin neck binding, a single-needle hem, a faint knit and soft
 * wrinkles, so it reads as a light long-sleeve tee rather than a sweatshirt.
 */
export function foldedShirtSvg(d: ResolvedDesign): string {
  const colour = SHIRTS[d.spec.shirt];
  const dark = mix(colour, '#000000', 0.16);
  const darker = mix(colour, '#000000', 0.3);
  const light = mix(colour, '#ffffff', 0.35);
  const bg = backdrop('f', FOLDED_SIZE, FOLDED_SIZE);
  const defs =
    bg.defs +
    blurFilter('soft', 16) +
    blurFilter('crease', 6) +
    knitPattern('knit', dark) +
    el(
      'linearGradient',
      { id: 'fabric', x1: 0, y1: 0, x2: 0.4, y2: 1 },
      el('stop', { offset: 0, 'stop-color': '#fff', 'stop-opacity': 0.16 }) +
        el('stop', { offset: 0.55, 'stop-color': '#fff', 'stop-opacity': 0 }) +
        el('stop', { offset: 1, 'stop-color': '#000', 'stop-opacity': 0.08 }),
    ) +
    el('clipPath', { id: 'shirt' }, path(FOLD, '#000'));
  // the cuff of a folded-back sleeve, peeking out below the hem on the left
  const cuff = group([
    path('M214 700L316 700L318 738Q266 746 214 738Z', mix(colour, '#000000', 0.06)),
    path('M214 726Q266 734 318 726', 'none', { stroke: dark, 'stroke-width': 1.6 }),
  ]);
  const body = [
    bg.body,
    // shadow
    group(path(FOLD, '#3a3026', { opacity: 0.32 }), {
      transform: 'translate(10 16)',
      filter: 'url(#soft)',
    }),
    cuff,
    path(FOLD, colour),
    group(
      [
        path(FOLD, 'url(#knit)', { opacity: 0.45 }),
        // the print on the chest
        embedPrint(d, 190, 150, 420, 0.97),
        // soft creases: the sleeves folded behind, a drape near the hem
        group(
          [
            path('M200 150Q214 400 204 700M600 150Q586 400 596 700', 'none', {
              stroke: dark,
              'stroke-width': 10,
              opacity: 0.35,
            }),
            path('M214 160Q226 400 218 690M586 160Q574 400 582 690', 'none', {
              stroke: light,
              'stroke-width': 6,
              opacity: 0.4,
            }),
            path('M240 640Q400 610 560 650', 'none', {
              stroke: dark,
              'stroke-width': 8,
              opacity: 0.18,
            }),
          ],
          { filter: 'url(#crease)' },
        ),
        // a single-needle hem
        path('M166 690Q400 700 634 690', 'none', {
          stroke: dark,
          'stroke-width': 1.6,
          opacity: 0.6,
          'stroke-dasharray': '6 4',
        }),
        path(FOLD, 'url(#fabric)'),
      ],
      { 'clip-path': 'url(#shirt)' },
    ),
    // collar: the back of the neck inside, then a thin binding
    path('M320 106Q400 168 480 106Q400 120 320 106Z', darker),
    path('M320 106Q400 168 480 106', 'none', {
      stroke: light,
      'stroke-width': 6,
      'stroke-linecap': 'round',
    }),
    path('M320 106Q400 168 480 106', 'none', {
      stroke: dark,
      'stroke-width': 1.6,
      opacity: 0.6,
      transform: 'translate(0 5)',
    }),
    // a printed neck label (no scratchy tag on a sun shirt)
    rect(388, 114, 24, 8, darker, { rx: 2, opacity: 0.5 }),
  ];
  return svgDoc(FOLDED_SIZE, FOLDED_SIZE, body.join(''), defs);
}
