/**
 * The folded-shirt product shot: seen from above, folded square on a soft neutral backdrop,
 * a soft shadow, the print on the chest. Same framing for all 30 so the grid reads as a catalogue.
 */
import { mix, SHIRTS } from '../palettes.ts';
import type { ResolvedDesign } from '../print.ts';
import { el, group, path, rect, svgDoc } from '../svg.ts';
import { backdrop, blurFilter, embedPrint } from './common.ts';

export const FOLDED_SIZE = 800;

/** Outline of the folded shirt: a soft-cornered block with sloping shoulders. */
const FOLD =
  'M170 150Q172 128 196 122L318 104Q400 128 482 104L604 122Q628 128 630 150L640 680Q641 712 610 714L190 714Q159 712 160 680Z';

export function foldedShirtSvg(d: ResolvedDesign): string {
  const colour = SHIRTS[d.spec.shirt];
  const dark = mix(colour, '#000000', 0.16);
  const darker = mix(colour, '#000000', 0.3);
  const light = mix(colour, '#ffffff', 0.18);
  const bg = backdrop('f', FOLDED_SIZE, FOLDED_SIZE);
  const defs =
    bg.defs +
    blurFilter('soft', 16) +
    el(
      'linearGradient',
      { id: 'fabric', x1: 0, y1: 0, x2: 0.4, y2: 1 },
      el('stop', { offset: 0, 'stop-color': '#fff', 'stop-opacity': 0.16 }) +
        el('stop', { offset: 0.55, 'stop-color': '#fff', 'stop-opacity': 0 }) +
        el('stop', { offset: 1, 'stop-color': '#000', 'stop-opacity': 0.1 }),
    ) +
    el('clipPath', { id: 'shirt' }, path(FOLD, '#000'));
  const body = [
    bg.body,
    // shadow
    group(path(FOLD, '#3a3026', { opacity: 0.38 }), {
      transform: 'translate(10 18)',
      filter: 'url(#soft)',
    }),
    path(FOLD, colour),
    group(
      [
        // the print on the chest
        embedPrint(d, 190, 150, 420, 0.97),
        // the folded hem: a band across the lower part, and the sleeve folds at the sides
        rect(150, 628, 500, 6, dark, { opacity: 0.55 }),
        rect(150, 634, 500, 100, '#000', { opacity: 0.035 }),
        rect(160, 140, 34, 600, '#000', { opacity: 0.05 }),
        rect(606, 140, 34, 600, '#000', { opacity: 0.06 }),
        path('M194 140V628M606 140V628', 'none', { stroke: dark, 'stroke-width': 2, opacity: 0.5 }),
        path(FOLD, 'url(#fabric)'),
      ],
      { 'clip-path': 'url(#shirt)' },
    ),
    // collar: the back of the neck inside, then the rib
    path('M318 104Q400 176 482 104Q400 118 318 104Z', darker),
    path('M318 104Q400 176 482 104', 'none', {
      stroke: light,
      'stroke-width': 14,
      'stroke-linecap': 'round',
    }),
    path('M318 104Q400 176 482 104', 'none', {
      stroke: dark,
      'stroke-width': 2,
      opacity: 0.6,
      transform: 'translate(0 9)',
    }),
    // a woven label inside the neck
    rect(384, 112, 32, 14, '#f1ece3', { rx: 2 }),
  ];
  return svgDoc(FOLDED_SIZE, FOLDED_SIZE, body.join(''), defs);
}
